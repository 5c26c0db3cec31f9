// The Events book in the browser: the server renders one page (and its spread partner) with
// plain previous/next links; this module turns it into a page-turning viewer. Pages curl
// (or slide) with the finger, the mouse, the keys and the controls; on a wide landscape
// screen two pages face each other; the neighbours of the pages on screen are fetched and
// their frames loaded ahead, so a turn never waits for the network. Each page's frame (and
// the Weather page's) shows a spinner until it has loaded, says what went wrong after 15 s,
// and offers "Back to Events", one step back per press, once the person has followed a link inside it.
//
// app.js swaps the panes; it tells this module with `roadtrip:swap` (a new pane is in),
// asks it first about Back/Forward with a cancelable `roadtrip:popstate`, and learns of the
// book's own history entries from `roadtrip:navigated`.

// As in app.css; a short screen (a phone on its side) is a phone, one page at a time.
const SPREAD_QUERY = "(min-width: 1000px) and (min-height: 501px) and (orientation: landscape)";
const LOAD_TIMEOUT_MS = 15000;
const COPY_POLL_MS = 500; // how often a page whose copy is being fetched asks the server again
const COPY_POLL_LIMIT_MS = 120000; // the fetch itself gives up long before
const EDGE_FRACTION = 0.15; // a tap in the outer 15 % of the stage turns that way (over a frame: the
// narrower .book-edge strips of app.css, so that the page's own links near its edges still work)
const DRAG_SLOP_PX = 8; // a press that moves less than this is a tap
const TURN_MS = 420; // a whole turn; a partial one takes its share
const KEPT_AROUND = 2; // pages kept (their frames alive) within this many, plus one, of those on screen
const DOT_WINDOW = 9; // dots shown at most, around the current page
const FORWARD = "forward";
const BACKWARD = "backward";

// --------------------------------------------------------------------------------------
// The book model: Sources/RoadTrip/Trips/Book.swift, in JavaScript.

export class BookModel {
  constructor(pageCount) {
    this.pageCount = Math.max(0, Math.trunc(pageCount) || 0);
  }

  /** `number` when the book has such a page, else null. */
  page(number) {
    return Number.isInteger(number) && number >= 1 && number <= this.pageCount ? number : null;
  }

  /** The pages on screen with `number`: [left, right] of its spread, or [null, number]. */
  visiblePages(number, layout) {
    if (this.page(number) === null) return [null, null];
    if (layout === "single") return [null, number];
    const left = number - (number % 2);
    return [this.page(left), this.page(left + 1)];
  }

  /** The page a turn lands on (in a spread its left page, or the right one when there is no
   * left); null when there is nothing that way and the turn is refused. */
  destination(direction, number, layout) {
    if (this.page(number) === null) return null;
    if (layout === "single") return this.page(direction === FORWARD ? number + 1 : number - 1);
    const left = number - (number % 2);
    if (direction === FORWARD) return this.page(left + 2);
    if (left - 2 < 0) return null;
    return this.page(left - 2) ?? this.page(left - 1);
  }
}

const numbersOf = (pair) => pair.filter((number) => number !== null);
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
const easeOut = (t) => 1 - Math.pow(1 - t, 3);
const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

// --------------------------------------------------------------------------------------
// A web view: one sandboxed frame with its status (spinner, failure, Retry).

/** Whether a frame that was in the page as it arrived from the server loaded before this
 * script could listen (cross-origin frames cannot be asked; Resource Timing reports a
 * frame's navigation when its load event fires). */
function loadedBeforeScript(iframe) {
  return performance.getEntriesByType("resource").some((entry) => entry.initiatorType === "iframe" && entry.name === iframe.src);
}

// "Back to Events" steps back through the frames' own history entries with `history.back()`
// (a sandboxed frame of another origin can be neither read nor told to go back itself). That
// is right only while those entries are the newest in the tab's history: any entry of the
// app's own (a turn, a pane) since then, and Back reloads the frame's first page instead.
let appNavigations = 0;
document.addEventListener("roadtrip:navigated", () => (appNavigations += 1));
window.addEventListener("popstate", () => (appNavigations += 1)); // a frame's traversals fire theirs inside it
let frameSteps = 0; // orders the links followed in all frames, as their history entries are

/** Whether the load a frame just finished is a link the person followed inside it, not the
 * page reloading or redirecting itself: the person's click or key inside the frame gives the
 * tab a transient activation (Chromium and Firefox pass it up to the parent) and leaves the
 * focus on the frame; a page turned to with the keys, or a meta refresh, does neither. */
function followedByPerson(iframe) {
  return document.activeElement === iframe && navigator.userActivation?.isActive === true;
}

class WebFrame {
  /** `onChange` is called when the frame loads, fails, or the person moves inside it. */
  constructor(frameElement, { initial = false, onChange = () => {} } = {}) {
    this.element = frameElement;
    this.iframe = frameElement.querySelector("iframe");
    this.status = frameElement.querySelector(".page-status");
    this.home = this.iframe.getAttribute("src"); // what the page shows first: the event's page (or RoadTrip's copy)
    this.original = this.iframe.dataset.original || this.iframe.src;
    this.copy = this.iframe.dataset.copy || "";
    this.copyStatus = this.iframe.dataset.copyStatus || ""; // set while the server fetches its copy
    this.copyNote = frameElement.closest("article")?.querySelector(".copy-fetch");
    this.poll = 0;
    this.onChange = onChange;
    this.loads = 0;
    this.resetSteps();
    this.state = "loading";
    this.started = false; // a neighbour waits, lazy and out of sight, until the page on screen has loaded
    this.timer = 0;
    this.onLoad = () => this.loaded();
    this.iframe.addEventListener("load", this.onLoad);
    if (initial && loadedBeforeScript(this.iframe)) {
      // Loaded already: no call back from here, the owner is still being built.
      this.started = true;
      this.loads = 1;
      this.state = "loaded";
    }
  }

  /** The frame shows the page it opened with (not one reached by a link inside it). */
  get atHome() {
    return this.steps === 0;
  }

  resetSteps() {
    this.steps = 0; // links followed from the first page, less those gone back
    this.returning = 0; // loads still to come from `history.back()`, which are no step
    this.lastStep = 0; // `frameSteps` when this frame last followed a link
    this.navigationsAtStep = appNavigations;
  }

  /** One step back, as the original's `goBack`: the frame's own previous history entry, or
   * its first page again when the app has added entries of its own since. */
  goBack() {
    if (this.atHome) return;
    if (this.navigationsAtStep !== appNavigations) {
      this.goHome();
      return;
    }
    this.steps -= 1;
    this.returning += 1;
    history.back();
    this.onChange(this);
  }

  /** Lets the frame load (it is on screen, or about to be turned to), with a spinner until it
   * has, and a failure after 15 s. */
  start() {
    if (this.started) return;
    this.started = true;
    if (this.copyStatus && !this.poll) this.askForCopy(Date.now() + COPY_POLL_LIMIT_MS);
    if (this.iframe.loading === "lazy") this.iframe.loading = "eager";
    if (this.state !== "loading") return;
    this.showStatus("loading", "Loading…");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fail("This page did not load within 15 seconds."), LOAD_TIMEOUT_MS);
  }

  loaded() {
    clearTimeout(this.timer);
    this.loads += 1; // the first load is the page itself
    if (this.returning > 0) this.returning -= 1;
    else if (this.loads > 1 && followedByPerson(this.iframe)) {
      this.steps += 1;
      this.lastStep = ++frameSteps;
      this.navigationsAtStep = appNavigations;
    }
    this.state = "loaded";
    this.status.classList.remove("loading", "failed");
    this.onChange(this);
  }

  fail(message) {
    this.state = "failed";
    this.showStatus("failed", message);
    this.onChange(this);
  }

  showStatus(kind, message) {
    const status = this.status;
    status.classList.remove("loading", "failed");
    status.classList.add(kind);
    status.querySelector(".status-text").textContent = message;
    status.querySelector(".status-actions")?.remove();
    if (kind !== "failed") return;
    const actions = document.createElement("p");
    actions.className = "status-actions";
    const retry = document.createElement("button");
    retry.type = "button";
    retry.className = "button retry";
    retry.textContent = "Retry";
    retry.addEventListener("click", () => this.reload(this.home));
    const open = document.createElement("a");
    open.className = "open-original";
    open.href = this.original;
    open.target = "_blank";
    open.rel = "noopener noreferrer external";
    open.textContent = "Open in a new tab";
    actions.append(retry, open);
    if (this.copy && this.home !== this.copy) {
      const copy = document.createElement("button");
      copy.type = "button";
      copy.className = "link-button show-copy";
      copy.textContent = "Show RoadTrip's copy";
      copy.addEventListener("click", () => this.reload(this.copy));
      actions.append(copy);
    }
    status.append(actions);
  }

  /** A new frame in place of this one, so that no history entry is added and the count of
   * loads starts again (Retry, and "Back to Events"). */
  reload(url) {
    this.iframe.removeEventListener("load", this.onLoad);
    const fresh = this.iframe.cloneNode(false);
    fresh.src = url;
    this.iframe.replaceWith(fresh);
    this.iframe = fresh;
    this.home = url;
    this.loads = 0;
    this.resetSteps();
    this.state = "loading";
    this.started = false;
    this.iframe.addEventListener("load", this.onLoad);
    this.start();
    this.onChange(this);
  }

  goHome() {
    this.reload(this.home);
  }

  /** Asks the server about the page's copy until it is saved or has failed. The frame cannot
   * tell that its site refused to be framed (it is of another origin); the server read the
   * site's headers, so a refused page switches to its copy as soon as there is one, in place:
   * no reload, no turn. */
  async askForCopy(until) {
    let answer = null;
    try {
      const response = await fetch(this.copyStatus, { headers: { Accept: "application/json" } });
      if (response.ok) answer = await response.json();
    } catch {
      // offline for a moment: ask again
    }
    if (this.poll === -1) return; // destroyed meanwhile
    if (answer?.state === "pending" || (answer === null && Date.now() < until)) {
      this.poll = setTimeout(() => this.askForCopy(until), COPY_POLL_MS);
      return;
    }
    this.poll = 0;
    this.copyStatus = "";
    this.showCopyState(answer);
  }

  showCopyState(answer) {
    const note = this.copyNote;
    if (answer?.state === "saved") {
      this.copy = answer.copy;
      if (note) note.textContent = answer.refusesFraming ? `Showing RoadTrip's copy of ${answer.madeAt}` : `Saved copy of ${answer.madeAt}`;
      if (answer.refusesFraming) this.reload(answer.copy);
    } else if (answer?.state === "failed") {
      note?.classList.add("failed");
      if (note) note.textContent = `RoadTrip has no copy of this page: ${answer.reason}`;
    } else {
      note?.remove(); // nothing under way any more (the cache was emptied)
    }
  }

  destroy() {
    clearTimeout(this.poll);
    this.poll = -1;
    clearTimeout(this.timer);
    this.iframe.removeEventListener("load", this.onLoad);
  }
}

/** "Back to Events" (or "Back to Weather") in the detail's top bar, shown while a frame on
 * screen has followed a link away from the page it opened with; each press is one step back
 * in the frame that followed one last (its entry is the newest in the history). */
class BackButton {
  constructor(label, frames) {
    const onPress = () => {
      const away = frames().filter((frame) => !frame.atHome);
      away.sort((a, b) => b.lastStep - a.lastStep)[0]?.goBack();
    };
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.className = "bar-button web-back";
    this.button.textContent = `‹ Back to ${label}`;
    this.button.hidden = true;
    this.button.addEventListener("click", onPress);
    document.querySelector("#detail header.bar .bar-trailing")?.append(this.button);
  }

  update(frames) {
    const show = frames.some((frame) => frame.state === "loaded" && !frame.atHome);
    if (this.button.hidden === !show) return;
    const hadFocus = document.activeElement === this.button;
    this.button.hidden = !show;
    if (hadFocus && !show) document.getElementById("detail")?.focus({ preventScroll: true });
  }

  destroy() {
    this.button.remove();
  }
}

/** The Weather page: one web view. */
class WebView {
  constructor(section, { initial }) {
    this.back = new BackButton("Weather", () => this.frames);
    this.frames = [...section.querySelectorAll(".page-frame")].map(
      (element) => new WebFrame(element, { initial, onChange: () => this.back.update(this.frames) }),
    );
    this.frames.forEach((frame) => frame.start());
    this.back.update(this.frames);
  }

  destroy() {
    this.frames.forEach((frame) => frame.destroy());
    this.back.destroy();
  }
}

// --------------------------------------------------------------------------------------
// The book viewer

/** The angle (degrees, 0–90) a page hinged at one edge is turned by so that its free edge
 * is seen at `fraction` of its size from the hinge, under the stage's perspective: the page
 * follows the finger. `hinge` is the hinge's distance from the perspective origin (signed,
 * along the axis), `side` +1 when the page lies after its hinge, −1 before. */
function hingeAngle(fraction, size, hinge, side, perspective) {
  const seen = (degrees) => {
    const radians = (degrees * Math.PI) / 180;
    return ((hinge + side * size * Math.cos(radians)) * perspective) / (perspective - size * Math.sin(radians));
  };
  const target = hinge + side * fraction * size;
  let low = 0;
  let high = 90;
  for (let step = 0; step < 24; step += 1) {
    const middle = (low + high) / 2;
    if ((seen(middle) - target) * side > 0) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

class BookViewer {
  constructor(section, { initial }) {
    this.section = section;
    this.stage = section.querySelector(".book-stage");
    this.nav = section.querySelector(".book-controls");
    this.model = new BookModel(Number(section.dataset.pages));
    this.current = this.model.page(Number(section.dataset.page)) ?? 1;
    this.transition = section.dataset.transition === "scroll" ? "scroll" : "curl";
    this.vertical = section.dataset.orientation === "vertical";
    this.spreadQuery = matchMedia(SPREAD_QUERY);
    this.layout = this.spreadQuery.matches ? "spread" : "single";
    const match = location.pathname.match(/^(.*\/)\d+$/);
    this.pathPrefix = match ? match[1] : "/trip/events/";
    this.pages = new Map(); // page number → { number, article, frame }
    this.fetches = new Map(); // page number → promise of its fetch, while it is on its way
    this.turn = null; // the turn in progress: a plan (see plan())
    this.press = null; // a pointer pressed on the stage
    this.refusals = 0;
    this.destroyed = false;

    section.classList.add("live", this.transition, this.vertical ? "vertical" : "horizontal");
    section.setAttribute("tabindex", "-1");
    for (const direction of [BACKWARD, FORWARD]) {
      const edge = document.createElement("div"); // the pointer's way in over the frames (keys and controls are the others)
      edge.className = `book-edge ${direction === FORWARD ? "next" : "prev"}`;
      edge.setAttribute("aria-hidden", "true");
      edge.title = direction === FORWARD ? "Next page" : "Previous page";
      this.stage.append(edge);
    }
    this.dots = document.createElement("div");
    this.dots.className = "book-dots";
    this.dots.setAttribute("aria-hidden", "true");
    this.nav.querySelector(".book-next")?.before(this.dots);
    this.back = new BackButton("Events", () => this.visibleFrames());

    for (const article of this.stage.querySelectorAll("article.book-page")) this.receive(article, { initial, inPlace: true });

    this.listeners = [
      [document, "keydown", (event) => this.onKey(event)],
      [document, "roadtrip:popstate", (event) => this.onPopState(event)],
      [section, "click", (event) => this.onClick(event)],
      [this.stage, "pointerdown", (event) => this.onPointerDown(event)],
      [this.stage, "pointermove", (event) => this.onPointerMove(event)],
      [this.stage, "pointerup", (event) => this.onPointerUp(event)],
      [this.stage, "pointercancel", (event) => this.onPointerUp(event, true)],
      [this.stage, "lostpointercapture", (event) => this.onPointerUp(event, true)],
      [this.spreadQuery, "change", () => this.onLayoutChange()],
      [window, "resize", () => this.measureEdges()],
      [window, "load", () => this.onFrameChange()],
    ];
    for (const [target, type, handler] of this.listeners) target.addEventListener(type, handler);

    this.arrange();
    this.updateChrome();
    this.preloadWhenShowing();
  }

  destroy() {
    this.destroyed = true;
    for (const [target, type, handler] of this.listeners) target.removeEventListener(type, handler);
    if (this.turn?.animation) cancelAnimationFrame(this.turn.animation.frame);
    clearTimeout(this.preloadTimer);
    for (const page of this.pages.values()) page.frame?.destroy();
    this.back.destroy();
  }

  // Pages

  path(number) {
    return `${this.pathPrefix}${number}`;
  }

  visibleNumbers(number = this.current) {
    return numbersOf(this.model.visiblePages(number, this.layout));
  }

  visibleFrames() {
    return this.visibleNumbers()
      .map((number) => this.pages.get(number)?.frame)
      .filter(Boolean);
  }

  /** Takes in a page's article: one already on the stage (from the server), or one from a
   * fetched page. A page already held keeps its frame: a frame moved or replaced reloads. */
  receive(article, { initial = false, inPlace = false } = {}) {
    const number = this.model.page(Number(article.dataset.page));
    if (number === null) return;
    const held = this.pages.get(number);
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
      if (!inPlace) this.stage.prepend(article);
      page = { number, article, frame: frameElement ? this.makeFrame(frameElement, initial) : null };
      this.pages.set(number, page);
    }
    if (this.wanted().has(number)) this.loadAhead(page);
    this.updateBackButton();
  }

  /** The pages on screen, those a turn is bringing, and those a turn either way would show. */
  wanted() {
    const numbers = new Set(this.visibleNumbers());
    if (this.turn) this.visibleNumbers(this.turn.target).forEach((n) => numbers.add(n));
    if (this.preloading) {
      for (const direction of [FORWARD, BACKWARD]) {
        const target = this.model.destination(direction, this.current, this.layout);
        if (target !== null) this.visibleNumbers(target).forEach((n) => numbers.add(n));
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
    return new WebFrame(element, { initial, onChange: () => this.onFrameChange() });
  }

  /** The page, from what is held, or a placeholder (a spinner) while it is fetched. */
  ensurePage(number) {
    let page = this.pages.get(number);
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
    this.stage.prepend(article);
    page = { number, article, frame: null };
    this.pages.set(number, page);
    this.fetchPage(number).catch((error) => {
      if (this.pages.get(number) !== page || page.frame) return;
      status.className = "page-status failed";
      status.querySelector(".status-text").textContent = `Page ${number} could not be loaded (${error.message}).`;
      const retry = document.createElement("button");
      retry.type = "button";
      retry.className = "button retry";
      retry.textContent = "Retry";
      retry.addEventListener("click", () => {
        this.pages.delete(number);
        article.remove();
        this.ensurePage(number);
        if (!this.turn) this.arrange();
      });
      const actions = document.createElement("p");
      actions.className = "status-actions";
      actions.append(retry);
      status.append(actions);
    });
    return page;
  }

  /** Fetches the server's page `number` and takes its articles (the page and its partner). */
  fetchPage(number) {
    if (this.fetches.has(number)) return this.fetches.get(number);
    const promise = (async () => {
      const response = await fetch(this.path(number), { headers: { Accept: "text/html" }, credentials: "same-origin" });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      const html = new DOMParser().parseFromString(await response.text(), "text/html");
      const articles = [...html.querySelectorAll("#book article.book-page")];
      if (!articles.some((article) => Number(article.dataset.page) === number)) throw new Error("the answer had no such page");
      if (this.destroyed) return;
      for (const article of articles) this.receive(document.adoptNode(article));
      this.measureEdges(); // a placeholder on screen got its line of links
    })();
    this.fetches.set(number, promise);
    // Only fetches on their way are shared: a page dropped later (pruned) is fetched anew.
    promise.finally(() => this.fetches.delete(number)).catch(() => {});
    return promise;
  }

  /** Whether a page is near enough to those on screen (or turning) to keep its frame. */
  isKept(number) {
    const around = [...this.visibleNumbers(), ...(this.turn ? this.visibleNumbers(this.turn.target) : [])];
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
    this.preloadTimer = setTimeout(() => this.preload(), 3000);
  }

  showing() {
    return document.readyState === "complete" && this.visibleFrames().every((frame) => frame.state !== "loading");
  }

  onFrameChange() {
    this.updateBackButton();
    if (!this.preloading && !this.destroyed && this.showing()) this.preload();
  }

  preload() {
    if (this.destroyed) return;
    clearTimeout(this.preloadTimer);
    this.preloading = true;
    for (const number of this.wanted()) {
      const page = this.pages.get(number);
      if (page) this.loadAhead(page);
      else this.fetchPage(number).catch(() => {}); // a failure shows when the page is turned to
    }
  }

  prune() {
    for (const [number, page] of this.pages) {
      if (this.isKept(number)) continue;
      page.frame?.destroy();
      page.article.remove();
      this.pages.delete(number);
    }
  }

  // What is on screen

  /** Places the pages on screen in their slots and hides the others; no transforms. */
  arrange() {
    const shown = new Set(this.visibleNumbers());
    for (const page of this.pages.values()) {
      const article = page.article;
      article.classList.remove("shown", "slot-left", "slot-right", "slot-single", "turning", "under", "hinge-left", "hinge-right", "hinge-top");
      article.style.removeProperty("transform");
      article.style.removeProperty("transform-origin");
      article.style.removeProperty("visibility");
      article.style.removeProperty("z-index");
      article.style.removeProperty("--shade");
      article.classList.toggle("current", page.number === this.current);
      if (shown.has(page.number)) {
        article.classList.add("shown", this.slotOf(page.number));
        page.frame?.start();
      }
    }
    this.section.classList.toggle("spread", this.layout === "spread");
    this.section.classList.toggle("single", this.layout === "single");
    this.section.dataset.layout = this.layout;
    this.measureEdges();
  }

  slotOf(number) {
    if (this.layout === "single") return "slot-single";
    return number % 2 === 0 ? "slot-left" : "slot-right";
  }

  /** The edge zones cover the frames, not the line under them with its links. */
  measureEdges() {
    const source = this.pages.get(this.current)?.article.querySelector(".page-source");
    this.stage.style.setProperty("--source-height", `${source ? source.offsetHeight : 0}px`);
  }

  /** Indicator, controls, dots and the settings form's page, after the current page moved. */
  updateChrome() {
    const count = this.model.pageCount;
    const [left, right] = this.model.visiblePages(this.current, "spread");
    const single = this.nav.querySelector(".book-indicator.single");
    const spread = this.nav.querySelector(".book-indicator.spread");
    if (single) single.textContent = `Page ${this.current} of ${count}`;
    if (spread) spread.textContent = left && right ? `Pages ${left}–${right} of ${count}` : `Page ${left ?? right} of ${count}`;
    for (const layout of ["single", "spread"]) {
      this.setControl(layout, "prev", this.model.destination(BACKWARD, this.current, layout));
      this.setControl(layout, "next", this.model.destination(FORWARD, this.current, layout));
    }
    const pageField = this.section.querySelector('form.book-settings input[name="page"]');
    if (pageField) pageField.value = String(this.current);
    this.section.dataset.page = String(this.current);
    this.section.classList.toggle("at-start", this.model.destination(BACKWARD, this.current, this.layout) === null);
    this.section.classList.toggle("at-end", this.model.destination(FORWARD, this.current, this.layout) === null);
    this.updateDots();
    this.updateBackButton();
  }

  /** A previous/next control: a link to the page a turn lands on, or, at an end, a disabled
   * control that goes nowhere (as the server renders them). */
  setControl(layout, rel, target) {
    const control = this.nav.querySelector(`.book-${rel}.${layout}`);
    if (!control) return;
    const wanted = target === null ? "SPAN" : "A";
    let element = control;
    if (control.tagName !== wanted) {
      element = document.createElement(wanted.toLowerCase());
      element.className = control.className;
      element.textContent = control.textContent;
      const hadFocus = document.activeElement === control;
      control.replaceWith(element);
      if (hadFocus) (target === null ? this.section : element).focus({ preventScroll: true });
    }
    element.classList.toggle("disabled", target === null);
    if (target === null) {
      element.setAttribute("aria-disabled", "true");
      return;
    }
    element.removeAttribute("aria-disabled");
    element.href = this.path(target);
    element.rel = rel;
    element.dataset.target = String(target);
  }

  /** Dots for the scroll style: a window of at most nine around the page on screen. */
  updateDots() {
    if (this.transition !== "scroll") return;
    const count = this.model.pageCount;
    const shown = new Set(this.visibleNumbers());
    const first = clamp(this.current - Math.floor(DOT_WINDOW / 2), 1, Math.max(1, count - DOT_WINDOW + 1));
    const last = Math.min(count, first + DOT_WINDOW - 1);
    const dots = [];
    for (let number = first; number <= last; number += 1) {
      const dot = document.createElement("span");
      dot.className = "book-dot";
      if (shown.has(number)) dot.classList.add("current");
      if ((number === first && first > 1) || (number === last && last < count)) dot.classList.add("more");
      dot.dataset.target = String(number);
      dots.push(dot);
    }
    this.dots.replaceChildren(...dots);
  }

  updateBackButton() {
    this.back.update(this.visibleFrames());
  }

  // Turning

  /** A turn from the current page to `target`: which pages leave and which arrive. */
  plan(direction, target) {
    const rect = this.stage.getBoundingClientRect();
    const outgoing = this.model.visiblePages(this.current, this.layout).map((n) => (n === null ? null : this.ensurePage(n)));
    const incoming = this.model.visiblePages(target, this.layout).map((n) => (n === null ? null : this.ensurePage(n)));
    const perspective = parseFloat(getComputedStyle(this.stage).perspective) || 2400;
    const turn = { direction, target, outgoing, incoming, progress: 0, width: rect.width, height: rect.height, perspective };
    for (const page of [...outgoing, ...incoming]) {
      if (!page) continue;
      page.article.classList.add("shown", this.slotOf(page.number));
      page.frame?.start();
    }
    this.section.dataset.turning = String(target);
    return turn;
  }

  /** Draws a turn `progress` (0 to 1) of the way. */
  render(turn, progress) {
    turn.progress = progress;
    if (this.transition === "scroll") this.renderScroll(turn, progress);
    else if (this.vertical) this.renderCurlVertical(turn, progress);
    else if (this.layout === "spread") this.renderCurlSpread(turn, progress);
    else this.renderCurlSingle(turn, progress);
  }

  renderScroll(turn, progress) {
    const gap = 16;
    const distance = (this.vertical ? turn.height : turn.width) + gap;
    const sign = turn.direction === FORWARD ? -1 : 1;
    const axis = this.vertical ? "Y" : "X";
    for (const page of turn.outgoing) if (page) this.place(page, { z: 1, transform: `translate${axis}(${sign * progress * distance}px)` });
    for (const page of turn.incoming) if (page) this.place(page, { z: 1, transform: `translate${axis}(${-sign * (1 - progress) * distance}px)` });
  }

  renderCurlSingle(turn, progress) {
    const [, out] = turn.outgoing;
    const [, into] = turn.incoming;
    if (turn.direction === FORWARD) {
      this.place(into, { z: 1, cast: 1 - progress });
      this.hinge(turn, out, "left", 1 - progress);
    } else {
      this.place(out, { z: 1, cast: progress });
      this.hinge(turn, into, "left", progress);
    }
  }

  /** Two pages side by side: the turning leaf is the right page going over the spine, then
   * the next spread's left page coming down on the other side (and the mirror going back). */
  renderCurlSpread(turn, progress) {
    const [outLeft, outRight] = turn.outgoing;
    const [inLeft, inRight] = turn.incoming;
    const edge = 1 - 2 * progress; // where the leaf's free edge is, in page widths from the spine
    if (turn.direction === FORWARD) {
      this.place(outLeft, { z: 1, cast: edge < 0 ? -edge : 0 });
      this.place(inRight, { z: 1, cast: edge > 0 ? 1 - edge : 0 });
      if (edge >= 0) {
        this.hinge(turn, outRight, "left", edge);
        this.place(inLeft, { hidden: true });
      } else {
        this.place(outRight, { hidden: true });
        this.hinge(turn, inLeft, "right", -edge);
      }
    } else {
      this.place(outRight, { z: 1, cast: edge < 0 ? -edge : 0 });
      this.place(inLeft, { z: 1, cast: edge > 0 ? 1 - edge : 0 });
      if (edge >= 0) {
        this.hinge(turn, outLeft, "right", edge);
        this.place(inRight, { hidden: true });
      } else {
        this.place(outLeft, { hidden: true });
        this.hinge(turn, inRight, "left", -edge);
      }
    }
  }

  /** Up and down: the pages on screen flip up over their top edge as one sheet. */
  renderCurlVertical(turn, progress) {
    const [moving, staying, fraction] =
      turn.direction === FORWARD ? [turn.outgoing, turn.incoming, 1 - progress] : [turn.incoming, turn.outgoing, progress];
    for (const page of staying) this.place(page, { z: 1, cast: 1 - fraction });
    for (const page of moving) this.hinge(turn, page, "top", fraction);
  }

  /** Turns a page about its hinge so that its free edge is seen `fraction` of its size from it. */
  hinge(turn, page, side, fraction) {
    if (!page) return;
    const vertical = side === "top";
    const spread = this.layout === "spread" && !vertical;
    const size = vertical ? turn.height : spread ? turn.width / 2 : turn.width;
    const origin = vertical ? turn.height / 2 : turn.width / 2; // the perspective origin: the stage's centre
    const hingeAt = spread ? turn.width / 2 : 0; // the spine, or the page's own left (top) edge
    const direction = side === "right" ? -1 : 1;
    const degrees = fraction >= 1 ? 0 : fraction <= 0 ? 90 : hingeAngle(fraction, size, hingeAt - origin, direction, turn.perspective);
    const transform = vertical ? `rotateX(${degrees}deg)` : `rotateY(${side === "left" ? -degrees : degrees}deg)`;
    page.article.classList.add("turning", `hinge-${side}`);
    this.place(page, { z: 3, transform, origin: vertical ? "center top" : `${side} center`, shade: Math.sin((degrees * Math.PI) / 180) });
  }

  place(page, { z = 1, transform = "", origin = "", hidden = false, shade = 0, cast = 0 } = {}) {
    if (!page) return;
    const style = page.article.style;
    style.visibility = hidden || shade > 0.9999 ? "hidden" : "visible"; // edge-on: nothing to see
    style.zIndex = String(z);
    style.transform = transform;
    style.transformOrigin = origin;
    style.setProperty("--shade", String(shade || cast * 0.6));
    page.article.classList.toggle("under", !transform && cast > 0);
    if (!transform) page.article.classList.remove("turning", "hinge-left", "hinge-right", "hinge-top");
  }

  /** Runs a turn from where it is to `to` (1: complete, 0: cancel), then calls `done` (at
   * once, when the turn is settled early by another key press). */
  animate(turn, to, done) {
    const from = turn.progress;
    const duration = reducedMotion.matches ? 0 : Math.max(90, TURN_MS * Math.abs(to - from));
    const started = performance.now();
    const finish = () => {
      cancelAnimationFrame(turn.animation.frame);
      turn.animation = null;
      this.render(turn, to);
      done();
    };
    const step = (now) => {
      const t = duration === 0 ? 1 : Math.min(1, (now - started) / duration);
      if (t >= 1) {
        finish();
        return;
      }
      this.render(turn, from + (to - from) * easeOut(t));
      turn.animation.frame = requestAnimationFrame(step);
    };
    turn.animation = { frame: requestAnimationFrame(step), finish };
    if (duration === 0) finish();
  }

  /** A turn that reached its end: the current page moves, and only now. */
  complete(turn, { push = true } = {}) {
    this.turn = turn;
    this.animate(turn, 1, () => {
      this.turn = null;
      delete this.section.dataset.turning;
      if (!this.destroyed) this.commit(turn.target, { push });
    });
  }

  /** A turn let go before half way: the page stays, and nothing else changes. */
  cancel(turn) {
    this.turn = turn;
    this.animate(turn, 0, () => {
      this.turn = null;
      delete this.section.dataset.turning;
      if (this.destroyed) return;
      this.arrange();
      this.prune();
    });
  }

  /** Drops a drag at once (the layout changed, or Back was pressed while dragging). */
  abortDrag() {
    if (!this.turn?.dragging) return;
    this.turn = null;
    this.press = null;
    delete this.section.dataset.turning;
    this.section.classList.remove("dragging", "pressed");
    this.arrange();
  }

  commit(target, { push = true } = {}) {
    this.current = target;
    if (push) {
      history.pushState({ roadtrip: true, book: target }, "", this.path(target));
      document.dispatchEvent(new CustomEvent("roadtrip:navigated"));
    }
    this.arrange();
    this.updateChrome();
    this.prune();
    this.preloadWhenShowing();
  }

  /** Ends a turn that is still animating at once (a key pressed again, a resize). */
  settleTurn() {
    const turn = this.turn;
    if (!turn || turn.dragging) return;
    turn.animation?.finish();
  }

  /** A turn asked for by a key, a control or a tap at an edge; `target` for a jump (Home,
   * End, a dot, Back), else the page the turn lands on from where the book is once any turn
   * still running has finished. */
  turnTo(direction, target = undefined, { push = true } = {}) {
    if (this.turn?.dragging) return;
    this.settleTurn();
    if (target === undefined) target = this.model.destination(direction, this.current, this.layout);
    if (target === null || target === this.current) {
      this.refuse(direction);
      return;
    }
    const same = this.visibleNumbers(target).join() === this.visibleNumbers().join();
    if (same) {
      this.commit(target, { push }); // the page is on screen already (the other side of the spread)
      return;
    }
    this.complete(this.plan(direction, target), { push });
  }

  jump(target, options) {
    this.turnTo(target < this.current ? BACKWARD : FORWARD, target, options);
  }

  /** Nothing before the first page or after the last: a small bounce, nothing loaded. */
  refuse(direction) {
    this.refusals += 1;
    this.section.dataset.refusals = String(this.refusals);
    if (reducedMotion.matches) return;
    const offset = (direction === FORWARD ? -1 : 1) * 18;
    const axis = this.vertical ? "Y" : "X";
    for (const number of this.visibleNumbers()) {
      this.pages.get(number)?.article.animate(
        [{ transform: "none" }, { transform: `translate${axis}(${offset}px)` }, { transform: "none" }],
        { duration: 320, easing: "ease-out", id: "book-bounce" },
      );
    }
  }

  onLayoutChange() {
    this.abortDrag();
    this.settleTurn();
    this.layout = this.spreadQuery.matches ? "spread" : "single";
    this.arrange(); // the current page stays on screen, alone or with its partner
    this.updateChrome();
    this.preloadWhenShowing();
  }

  // Input

  onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof Element && event.target.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])")) return;
    if (document.body.classList.contains("master-open") || this.section.getClientRects().length === 0) return;
    const forward = this.vertical ? "ArrowDown" : "ArrowRight";
    const backward = this.vertical ? "ArrowUp" : "ArrowLeft";
    switch (event.key) {
      case forward:
      case "PageDown":
        this.turnTo(FORWARD);
        break;
      case backward:
      case "PageUp":
        this.turnTo(BACKWARD);
        break;
      case "Home":
        this.jump(1);
        break;
      case "End":
        this.jump(this.model.pageCount);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  onClick(event) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const control = event.target.closest(".book-turn");
    if (control) {
      event.preventDefault();
      this.turnTo(control.classList.contains("book-next") ? FORWARD : BACKWARD);
      return;
    }
    const dot = event.target.closest(".book-dot");
    if (dot) this.jump(Number(dot.dataset.target));
  }

  onPopState(event) {
    const match = event.detail.path.match(/^(.*\/)(\d+)$/);
    if (!match || match[1] !== this.pathPrefix) return;
    const target = this.model.page(Number(match[2]));
    if (target === null) return;
    event.preventDefault(); // the book shows it; no need to fetch the pane again
    this.abortDrag();
    this.settleTurn();
    if (target !== this.current) this.jump(target, { push: false });
  }

  onPointerDown(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (this.press) this.onPointerUp({ pointerId: this.press.id }, true); // its release never came
    if (event.target.closest("a, button, input, label, select, textarea")) return;
    const rect = this.stage.getBoundingClientRect();
    const along = this.vertical ? (event.clientY - rect.top) / rect.height : (event.clientX - rect.left) / rect.width;
    const zone = along < EDGE_FRACTION ? BACKWARD : along > 1 - EDGE_FRACTION ? FORWARD : null;
    this.press = { id: event.pointerId, x: event.clientX, y: event.clientY, zone, dragging: false, turn: null };
    if (event.pointerType === "mouse") event.preventDefault(); // no text selection while dragging
    // The stage keeps the pointer while it moves over the frames (which would swallow it).
    this.section.classList.add("pressed");
    this.stage.setPointerCapture(event.pointerId);
  }

  onPointerMove(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    const along = this.vertical ? event.clientY - press.y : event.clientX - press.x;
    const across = this.vertical ? event.clientX - press.x : event.clientY - press.y;
    if (!press.dragging) {
      if (Math.abs(along) < DRAG_SLOP_PX || Math.abs(along) < Math.abs(across)) return;
      press.dragging = true;
      press.direction = along < 0 ? FORWARD : BACKWARD; // drag the page towards where it goes
      this.settleTurn();
      const target = this.model.destination(press.direction, this.current, this.layout);
      this.section.classList.add("dragging");
      if (target !== null) {
        press.turn = this.plan(press.direction, target);
        press.turn.dragging = true;
        this.turn = press.turn;
      }
    }
    if (!press.turn) {
      // At an end: the page gives a little, and springs back when let go.
      press.offset = Math.sign(along) * Math.min(36, Math.abs(along) * 0.2);
      const axis = this.vertical ? "Y" : "X";
      for (const number of this.visibleNumbers()) {
        this.pages.get(number)?.article.style.setProperty("transform", `translate${axis}(${press.offset}px)`);
      }
      return;
    }
    const distance = this.vertical ? press.turn.height : press.turn.width;
    const moved = press.direction === FORWARD ? -along : along;
    this.render(press.turn, clamp(moved / distance, 0, 1));
  }

  onPointerUp(event, cancelled = false) {
    const press = this.press;
    if (!press || event.pointerId !== press.id) return;
    this.press = null;
    this.section.classList.remove("dragging", "pressed");
    if (this.stage.hasPointerCapture?.(event.pointerId)) this.stage.releasePointerCapture(event.pointerId);
    if (!press.dragging) {
      if (!cancelled && press.zone) this.turnTo(press.zone); // a tap near an edge
      return;
    }
    if (!press.turn) {
      this.arrange();
      this.refuse(press.direction);
      return;
    }
    const turn = press.turn;
    turn.dragging = false;
    if (!cancelled && turn.progress >= 0.5) this.complete(turn);
    else this.cancel(turn);
  }
}

// --------------------------------------------------------------------------------------
// Mounting: on the first page, and again whenever app.js swaps in a new pane.

let mounted = [];

function mount({ initial }) {
  for (const viewer of mounted) viewer.destroy();
  mounted = [];
  const book = document.getElementById("book");
  if (book && book.querySelector(".book-stage")) mounted.push(new BookViewer(book, { initial }));
  for (const view of document.querySelectorAll("#detail .web-view")) mounted.push(new WebView(view, { initial }));
}

document.addEventListener("roadtrip:swap", () => mount({ initial: false }));
mount({ initial: true });
