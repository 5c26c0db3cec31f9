// The Events book in the browser: the server renders one page (and its spread partner) with
// plain previous/next links; this module turns it into a page-turning viewer. Pages curl
// (or slide) with the finger, the mouse, the keys and the controls; on a wide landscape
// screen two pages face each other; the neighbours of the pages on screen are fetched and
// their frames loaded ahead, so a turn never waits for the network. Each page's frame (and
// the Weather page's) shows a spinner until it has loaded, says what went wrong after 15 s,
// and offers "Back to Events", one step back per press, once the person has followed a link inside it.
//
// Its parts: book-model.js (which pages, where a turn lands), page-turn.js (drawing a turn),
// web-view.js (each page's frame). app.js loads this module on a page with the book and
// swaps the panes; it tells this module with `roadtrip:swap` (a new pane is in),
// asks it first about Back/Forward with a cancelable `roadtrip:popstate`, and learns of the
// book's own history entries from `roadtrip:navigated`.

import { BACKWARD, BookModel, FORWARD, numbersOf } from "./book-model.js";
import { TurnDrawing, reducedMotion, turnsWhenLetGo } from "./page-turn.js";
import { clamp, currentLayout, noteServed, watchLayout } from "./shared.js";
import { BackButton, WebFrame } from "./web-view.js";

const EDGE_FRACTION = 0.15; // a tap in the outer 15 % of the stage turns that way (over a frame: the
// narrower .book-edge strips of app.css, so that the page's own links near its edges still work)
const DRAG_SLOP_PX = 8; // a press that moves less than this is a tap
const KEPT_AROUND = 2; // pages kept (their frames alive) within this many, plus one, of those on screen
const DOT_WINDOW = 9; // dots shown at most, around the current page

class BookViewer {
  constructor(section, { initial }) {
    this.section = section;
    this.stage = section.querySelector(".book-stage");
    this.nav = section.querySelector(".book-controls");
    this.model = new BookModel(Number(section.dataset.pages));
    this.current = this.model.page(Number(section.dataset.page)) ?? 1;
    this.transition = section.dataset.transition === "scroll" ? "scroll" : "curl";
    this.vertical = section.dataset.orientation === "vertical";
    this.layout = currentLayout().spread ? "spread" : "single";
    this.drawing = new TurnDrawing(this);
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
      [window, "resize", () => this.measureEdges()],
      [window, "load", () => this.onFrameChange()],
    ];
    for (const [target, type, handler] of this.listeners) target.addEventListener(type, handler);
    this.unwatchLayout = watchLayout(() => this.onLayoutChange());

    this.arrange();
    this.updateChrome();
    this.preloadWhenShowing();
  }

  destroy() {
    this.destroyed = true;
    for (const [target, type, handler] of this.listeners) target.removeEventListener(type, handler);
    this.unwatchLayout();
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
      noteServed(response);
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
      article.classList.remove("shown", "slot-left", "slot-right", "slot-single");
      for (const property of ["transform", "transform-origin", "clip-path", "visibility", "z-index"]) article.style.removeProperty(property);
      article.classList.toggle("current", page.number === this.current);
      if (shown.has(page.number)) {
        article.classList.add("shown", this.slotOf(page.number));
        page.frame?.start();
      }
    }
    this.drawing.reset();
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
    const turn = { direction, target, outgoing, incoming, progress: 0, width: rect.width, height: rect.height };
    for (const page of [...outgoing, ...incoming]) {
      if (!page) continue;
      page.article.classList.add("shown", this.slotOf(page.number));
      page.frame?.start();
    }
    this.section.dataset.turning = String(target);
    return turn;
  }

  /** A turn that reached its end: the current page moves, and only now. */
  complete(turn, { push = true } = {}) {
    this.turn = turn;
    this.drawing.animate(turn, 1, () => {
      this.turn = null;
      delete this.section.dataset.turning;
      if (!this.destroyed) this.commit(turn.target, { push });
    });
  }

  /** A turn let go before half way: the page stays, and nothing else changes. */
  cancel(turn) {
    this.turn = turn;
    this.drawing.animate(turn, 0, () => {
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
    this.layout = currentLayout().spread ? "spread" : "single";
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
    this.press = { id: event.pointerId, x: event.clientX, y: event.clientY, zone, dragging: false, turn: null, track: [] };
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
    const rect = this.stage.getBoundingClientRect();
    const toStage = (x, y) => ({ x: x - rect.left, y: y - rect.top });
    this.drawing.follow(press.turn, toStage(press.x, press.y), toStage(event.clientX, event.clientY));
    // The last tenth of a second of the drag, for a flick.
    const now = event.timeStamp;
    press.track.push({ now, moved: press.direction === FORWARD ? -along : along });
    while (press.track.length > 2 && now - press.track[0].now > 100) press.track.shift();
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
    if (!cancelled && turnsWhenLetGo(press.track, event.timeStamp ?? performance.now(), turn.progress)) this.complete(turn);
    else this.cancel(turn);
  }
}

// --------------------------------------------------------------------------------------
// Mounting: on the first page, and again whenever app.js swaps in a new pane.

let mounted = null;

function mount({ initial }) {
  mounted?.destroy();
  mounted = null;
  const book = document.getElementById("book");
  if (book && book.querySelector(".book-stage")) mounted = new BookViewer(book, { initial });
}

document.addEventListener("roadtrip:swap", () => mount({ initial: false }));
mount({ initial: true });
