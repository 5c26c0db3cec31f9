// The pages the book holds: those on screen, from the server's page, and their neighbours,
// fetched (the server's page for that number, whose articles are taken) and their frames
// loaded ahead out of sight once the pages on screen have loaded, so that a turn never waits
// for the network. Pages further than KEPT_AROUND from those on screen are dropped.

import { BACKWARD, FORWARD } from "./book-model.js";
import { noteServed } from "./shared.js";
import { WebFrame } from "./web-view.js";

const KEPT_AROUND = 2; // pages kept (their frames alive) within this many, plus one, of those on screen
const PRELOAD_AFTER_MS = 3000; // neighbours load after this at the latest, even if a page on screen has not

export class BookPages {
  constructor(viewer) {
    this.viewer = viewer;
    this.held = new Map(); // page number → { number, article, frame }
    this.fetches = new Map(); // page number → promise of its fetch, while it is on its way
    this.preloading = false;
  }

  get(number) {
    return this.held.get(number);
  }

  values() {
    return this.held.values();
  }

  destroy() {
    clearTimeout(this.preloadTimer);
    for (const page of this.held.values()) page.frame?.destroy();
  }

  /** Takes in a page's article: one already on the stage (from the server), or one from a
   * fetched page. A page already held keeps its frame: a frame moved or replaced reloads. */
  receive(article, { initial = false, inPlace = false } = {}) {
    const viewer = this.viewer;
    const number = viewer.model.page(Number(article.dataset.page));
    if (number === null) return;
    const held = this.held.get(number);
    if (held && held.frame) {
      if (inPlace) article.remove();
      return;
    }
    if (!inPlace && !held && !this.isKept(number)) return; // arrived too late: the reader has moved on
    const frameElement = article.querySelector(".page-frame");
    // Nothing loads before it is wanted: a fetched page's frame waits until it is started.
    if (!inPlace) article.querySelectorAll("iframe").forEach((iframe) => (iframe.loading = "lazy"));
    let page = held;
    if (held) {
      // A placeholder made while the page was on its way: it takes the real page's contents.
      held.article.replaceChildren(...article.childNodes);
      held.article.classList.remove("placeholder");
      held.frame = frameElement ? this.makeFrame(frameElement, false) : null;
    } else {
      article.classList.remove("current", "partner");
      if (!inPlace) viewer.stage.prepend(article);
      page = { number, article, frame: frameElement ? this.makeFrame(frameElement, initial) : null };
      this.held.set(number, page);
    }
    if (this.wanted().has(number)) this.loadAhead(page);
    viewer.updateBackButton();
  }

  /** The pages on screen, those a turn is bringing, and those a turn either way would show. */
  wanted() {
    const viewer = this.viewer;
    const numbers = new Set(viewer.visibleNumbers());
    if (viewer.turn) viewer.visibleNumbers(viewer.turn.target).forEach((n) => numbers.add(n));
    if (this.preloading) {
      for (const direction of [FORWARD, BACKWARD]) {
        const target = viewer.model.destination(direction, viewer.current, viewer.layout);
        if (target !== null) viewer.visibleNumbers(target).forEach((n) => numbers.add(n));
      }
    }
    return numbers;
  }

  /** Lets a page's frame load, out of sight if it is not on screen. */
  loadAhead(page) {
    page.article.classList.add("ahead");
    page.frame?.start();
  }

  makeFrame(element, initial) {
    return new WebFrame(element, { initial, onChange: () => this.viewer.onFrameChange() });
  }

  /** The page, from what is held, or a placeholder (a spinner) while it is fetched. */
  ensure(number) {
    let page = this.held.get(number);
    if (page) return page;
    const article = document.createElement("article");
    article.className = "book-page placeholder";
    article.dataset.page = String(number);
    const frame = document.createElement("div");
    frame.className = "page-frame";
    const status = document.createElement("div");
    status.className = "page-status loading";
    status.setAttribute("role", "status");
    status.innerHTML = '<span class="spinner" aria-hidden="true"></span><span class="status-text">Loading…</span>';
    frame.append(status);
    article.append(frame);
    this.viewer.stage.prepend(article);
    page = { number, article, frame: null };
    this.held.set(number, page);
    this.fetch(number).catch((error) => {
      if (this.held.get(number) !== page || page.frame) return;
      status.className = "page-status failed";
      status.querySelector(".status-text").textContent = `Page ${number} could not be loaded (${error.message}).`;
      const retry = document.createElement("button");
      retry.type = "button";
      retry.className = "button retry";
      retry.textContent = "Try again";
      retry.addEventListener("click", () => {
        this.held.delete(number);
        article.remove();
        this.ensure(number);
        if (!this.viewer.turn) this.viewer.arrange();
      });
      const actions = document.createElement("p");
      actions.className = "status-actions";
      actions.append(retry);
      status.append(actions);
    });
    return page;
  }

  /** Fetches the server's page `number` and takes its articles (the page and its partner). */
  fetch(number) {
    if (this.fetches.has(number)) return this.fetches.get(number);
    const viewer = this.viewer;
    const promise = (async () => {
      const response = await fetch(viewer.path(number), { headers: { Accept: "text/html" }, credentials: "same-origin" });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      noteServed(response);
      const html = new DOMParser().parseFromString(await response.text(), "text/html");
      const articles = [...html.querySelectorAll("#book article.book-page")];
      if (!articles.some((article) => Number(article.dataset.page) === number)) throw new Error("the answer had no such page");
      if (viewer.destroyed) return;
      for (const article of articles) this.receive(document.adoptNode(article));
      viewer.input.measureEdges(); // a placeholder on screen got its line of links
    })();
    this.fetches.set(number, promise);
    // Only fetches on their way are shared: a page dropped later (pruned) is fetched anew.
    promise.finally(() => this.fetches.delete(number)).catch(() => {});
    return promise;
  }

  /** Whether a page is near enough to those on screen (or turning) to keep its frame. */
  isKept(number) {
    const viewer = this.viewer;
    const around = [...viewer.visibleNumbers(), ...(viewer.turn ? viewer.visibleNumbers(viewer.turn.target) : [])];
    return around.some((shown) => Math.abs(shown - number) <= KEPT_AROUND + 1);
  }

  /** Loads the pages a turn either way would show once the pages on screen have loaded (and
   * the document has: a neighbour must not hold up its load event), or after 3 s at most. */
  preloadWhenShowing() {
    clearTimeout(this.preloadTimer);
    this.preloading = false;
    if (this.showing()) {
      this.preload();
      return;
    }
    this.preloadTimer = setTimeout(() => this.preload(), PRELOAD_AFTER_MS);
  }

  showing() {
    return document.readyState === "complete" && this.viewer.visibleFrames().every((frame) => frame.state !== "loading");
  }

  /** A frame loaded or failed: the neighbours may load now. */
  preloadIfShowing() {
    if (!this.preloading && !this.viewer.destroyed && this.showing()) this.preload();
  }

  preload() {
    if (this.viewer.destroyed) return;
    clearTimeout(this.preloadTimer);
    this.preloading = true;
    for (const number of this.wanted()) {
      const page = this.held.get(number);
      if (page) this.loadAhead(page);
      else this.fetch(number).catch(() => {}); // a failure shows when the page is turned to
    }
  }

  prune() {
    for (const [number, page] of this.held) {
      if (this.isKept(number)) continue;
      page.frame?.destroy();
      page.article.remove();
      this.held.delete(number);
    }
  }
}
