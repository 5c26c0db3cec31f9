// The Events book in the browser: the server renders one page (and its spread partner) with
// plain previous/next links; this module turns it into a page-turning viewer. Pages curl
// (or slide) with the finger, the mouse, the keys and the controls; on a wide landscape
// screen two pages face each other; the neighbours of the pages on screen are fetched and
// their frames loaded ahead, so a turn never waits for the network. Each page's frame (and
// the Weather page's) shows a spinner until it has loaded, says what went wrong after 15 s,
// and offers "Back to Events", one step back per press, once the person has followed a link inside it.
//
// Its parts: book-model.js (which pages, where a turn lands), book-pages.js (the pages held,
// fetched and loaded ahead), book-input.js (the finger, the mouse and the keys), page-turn.js
// (drawing a turn), book-chrome.js (the controls around the pages), web-view.js (each page's
// frame). app.js loads this module on a page with the book and swaps the panes; it tells this
// module with `roadtrip:swap` (a new pane is in), asks it first about Back/Forward with a
// cancelable `roadtrip:popstate`, and learns from `roadtrip:navigated` that a turn put the page's address in place.

import { BookChrome } from "./book-chrome.js";
import { BookInput } from "./book-input.js";
import { BACKWARD, BookModel, FORWARD, numbersOf } from "./book-model.js";
import { BookPages } from "./book-pages.js";
import { TurnDrawing, reducedMotion } from "./page-turn.js";
import { currentLayout, watchLayout } from "./shared.js";
import { BackButton } from "./web-back.js";

class BookViewer {
  constructor(section, { initial }) {
    this.section = section;
    this.stage = section.querySelector(".book-stage");
    this.model = new BookModel(Number(section.dataset.pages));
    this.current = this.model.page(Number(section.dataset.page)) ?? 1;
    this.transition = section.dataset.transition === "scroll" ? "scroll" : "curl";
    this.vertical = section.dataset.orientation === "vertical";
    this.layout = currentLayout().spread ? "spread" : "single";
    this.drawing = new TurnDrawing(this);
    const match = location.pathname.match(/^(.*\/)\d+$/);
    this.pathPrefix = match ? match[1] : "/trip/events/";
    this.pages = new BookPages(this);
    this.turn = null; // the turn in progress: a plan (see plan())
    this.refusals = 0;
    this.destroyed = false;

    section.classList.add("live", this.transition, this.vertical ? "vertical" : "horizontal");
    section.setAttribute("tabindex", "-1");
    this.chrome = new BookChrome(this);
    this.back = new BackButton("Events", () => this.visibleFrames());
    this.input = new BookInput(this);

    for (const article of this.stage.querySelectorAll("article.book-page")) this.pages.receive(article, { initial, inPlace: true });

    this.listeners = [
      [document, "roadtrip:popstate", (event) => this.onPopState(event)],
      [window, "load", () => this.onFrameChange()],
    ];
    for (const [target, type, handler] of this.listeners) target.addEventListener(type, handler);
    this.unwatchLayout = watchLayout(() => this.onLayoutChange());

    this.arrange();
    this.updateChrome();
    this.pages.preloadWhenShowing();
    this.input.tellFrames(this.visibleFrames());
  }

  destroy() {
    this.destroyed = true;
    for (const [target, type, handler] of this.listeners) target.removeEventListener(type, handler);
    this.unwatchLayout();
    if (this.turn?.animation) cancelAnimationFrame(this.turn.animation.frame);
    this.pages.destroy();
    this.input.destroy();
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
    return this.visibleNumbers().map((number) => this.pages.get(number)?.frame).filter(Boolean);
  }

  /** A frame loaded, failed, or followed a link: Back, the neighbours, and a page of RoadTrip's
   * own learns which way the book turns. */
  onFrameChange() {
    this.updateBackButton();
    this.input.tellFrames(this.visibleFrames());
    this.pages.preloadIfShowing();
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
    this.input.measureEdges();
  }

  slotOf(number) {
    if (this.layout === "single") return "slot-single";
    return number % 2 === 0 ? "slot-left" : "slot-right";
  }

  updateChrome() {
    this.chrome.update();
    this.updateBackButton();
  }

  updateBackButton() {
    const frames = this.visibleFrames();
    this.back.update(frames);
    this.input.showEdges(frames);
  }

  // Turning

  /** A turn from the current page to `target`: which pages leave and which arrive. */
  plan(direction, target) {
    const rect = this.stage.getBoundingClientRect();
    const outgoing = this.model.visiblePages(this.current, this.layout).map((n) => (n === null ? null : this.pages.ensure(n)));
    const incoming = this.model.visiblePages(target, this.layout).map((n) => (n === null ? null : this.pages.ensure(n)));
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
    this.play(turn, 1, () => this.commit(turn.target, { push }));
  }

  /** A turn let go before half way: the page stays, and nothing else changes. */
  cancel(turn) {
    this.play(turn, 0, () => {
      this.arrange();
      this.pages.prune();
    });
  }

  play(turn, to, then) {
    this.turn = turn;
    this.drawing.animate(turn, to, () => {
      this.turn = null;
      delete this.section.dataset.turning;
      if (!this.destroyed) then();
    });
  }

  /** Drops a drag at once (the layout changed, or Back was pressed while dragging). */
  abortDrag() {
    if (!this.turn?.dragging) return;
    this.turn = null;
    this.input.drop();
    delete this.section.dataset.turning;
    this.arrange();
  }

  commit(target, { push = true } = {}) {
    this.current = target;
    if (push) {
      // A turn is no screen of the stack, and UIPageViewController keeps no history of its
      // pages: the address follows the page (a reload keeps it), Back leaves the book at once.
      history.replaceState({ roadtrip: true, book: target, from: history.state?.from }, "", this.path(target));
      document.dispatchEvent(new CustomEvent("roadtrip:navigated", { detail: { replaced: true } }));
    }
    this.arrange();
    this.updateChrome();
    this.pages.prune();
    this.pages.preloadWhenShowing();
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
    this.pages.preloadWhenShowing();
  }

  // History

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

  /** A drag began (book-input.js): the turn it plays, or null at an end. */
  beginDrag(direction) {
    this.settleTurn();
    this.section.classList.add("dragging");
    const target = this.model.destination(direction, this.current, this.layout);
    if (target === null) return null;
    this.turn = this.plan(direction, target);
    this.turn.dragging = true;
    return this.turn;
  }

  /** A drag let go: its turn completes or falls back; at an end the page springs back. */
  endDrag(press, turns) {
    if (!press.turn) {
      this.arrange();
      this.refuse(press.direction);
      return;
    }
    press.turn.dragging = false;
    if (turns) this.complete(press.turn);
    else this.cancel(press.turn);
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
