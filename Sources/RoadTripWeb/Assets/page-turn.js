// Drawing a page turn. The page curl: the sheet folds along a line that moves across it (half
// way between the finger and where the page's edge lay, so that the edge stays under the finger
// while it drags); the part before the line stays flat, the part past it is reflected over it,
// lit as a roll of paper is (curl-paper.js), and shows the back of the sheet —
// plain paper, the page's own content mirrored and faded when RoadTrip can draw it again (a
// photo, its own copy of a page, a sample page), or in a spread the next page, which is printed
// on that back — and a shadow falls on the page revealed beneath.
// Forward, a single page lifts from its outer edge; back, the previous page comes down again
// (the same curl, run backwards); in a spread the right page curls over onto the left as one
// sheet, and back, the left one over onto the right. Up and down, the pages lift from the
// bottom edge. The scroll style slides. What turns, and when, is the book viewer's (book.js).

import { FORWARD } from "./book-model.js";
import { apply, clipCSS, clipToBox, clipToSide, compose, fold, mirrorAcross, rectangle, reflection, transformCSS, union } from "./curl-geometry.js";
import { CurlPaper } from "./curl-paper.js";

const TURN_MS = 460; // a whole turn; a partial one takes its share
const TILT = 0.14; // radians: a turn by key or tap leans its fold mid-way, the lower corner first
const CATCH_UP_PX = 60; // a drag brings the page's edge to the finger over this distance
const MAX_LEAN = 0.45; // radians a drag leans the fold at most

const FLICK_SPEED = 0.3; // pixels a millisecond: a drag let go faster than this turns (or falls back) the way it went
const RESTED_MS = 100; // a finger still for this long before it lets go made no flick
export const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

/** Whether a dragged turn completes when let go at `now` (ms): a flick decides — the last tenth
 * of a second of `track` ({now, moved}: pixels moved the way the turn goes) faster than
 * FLICK_SPEED either way —, else being past half way (`progress`). */
export function turnsWhenLetGo(track, now, progress) {
  const first = track[0];
  const last = track[track.length - 1];
  const moving = track.length >= 2 && now - last.now <= RESTED_MS && last.now > first.now;
  const speed = moving ? (last.moved - first.moved) / (last.now - first.now) : 0;
  return Math.abs(speed) >= FLICK_SPEED ? speed > 0 : progress >= 0.5;
}
const easeOut = (t) => 1 - Math.pow(1 - t, 3);
const present = (pages) => pages.filter(Boolean);

/** The box of a page's article in the stage's pixels. */
function boxOf(page) {
  const article = page.article;
  return { left: article.offsetLeft, top: article.offsetTop, width: article.offsetWidth, height: article.offsetHeight };
}

export class TurnDrawing {
  constructor(book) {
    this.book = book;
    this.paper = new CurlPaper(book);
  }

  get transition() {
    return this.book.transition;
  }

  get vertical() {
    return this.book.vertical;
  }

  /** Which pages fold, show on the back, lie beneath or stay, and the fold's course, for a
   * curl (measured once, when the turn starts). */
  curlOf(turn) {
    if (turn.curl) return turn.curl;
    const [outLeft, outRight] = turn.outgoing;
    const [inLeft, inRight] = turn.incoming;
    const forward = turn.direction === FORWARD;
    const { width, height } = turn;
    let curl;
    if (this.vertical) {
      // Run backwards when going back: the previous pages come down from the top.
      const [sheet, under] = forward ? [turn.outgoing, turn.incoming] : [turn.incoming, turn.outgoing];
      curl = { sheet: present(sheet), under: present(under), still: [], back: null, start: height, end: 0, reversed: !forward };
    } else if (this.book.layout === "spread") {
      const spine = width / 2;
      curl = forward
        ? { sheet: present([outRight]), back: inLeft, under: present([inRight]), still: present([outLeft]), start: width, end: spine }
        : { sheet: present([outLeft]), back: inRight, under: present([inLeft]), still: present([outRight]), start: 0, end: spine };
      curl.backMap = mirrorAcross(spine); // a point of the back page ↦ the point of the sheet it is printed behind
      curl.reversed = false;
    } else {
      const sheet = forward ? outRight : inRight;
      const under = forward ? inRight : outRight;
      curl = { sheet: present([sheet]), under: present([under]), still: [], back: null, start: width, end: 0, reversed: !forward };
    }
    for (const page of [...curl.sheet, ...curl.under, ...curl.still, curl.back].filter(Boolean)) page.box = boxOf(page);
    curl.box = curl.sheet.length ? union(curl.sheet.map((page) => page.box)) : { left: 0, top: 0, width, height };
    curl.across = this.vertical ? width / 2 : height / 2;
    turn.curl = curl;
    return curl;
  }

  /** Draws a dragged turn: the page's edge comes to the finger over the first CATCH_UP_PX of
   * the drag, then stays under it — the fold half way between it and where the edge lay (a point
   * and its image across a fold are equally far from it) — leaning across the way the finger
   * moves. `press` is where the drag began and `pointer` where the finger is (stage pixels). */
  follow(turn, press, pointer) {
    const at = this.vertical ? pointer.y : pointer.x;
    const began = this.vertical ? press.y : press.x;
    if (this.transition === "scroll") {
      // The pages slide with the finger, a pixel for a pixel.
      const moved = (turn.direction === FORWARD ? began - at : at - began) / (this.vertical ? turn.height : turn.width);
      this.render(turn, Math.min(1, Math.max(0, moved)));
      return;
    }
    const curl = this.curlOf(turn);
    const rest = curl.reversed ? 2 * curl.end - curl.start : curl.start; // the edge before the drag (going back: turned over)
    const lift = Math.max(0, 1 - Math.abs(at - began) / CATCH_UP_PX);
    const edge = at + (rest - began) * lift;
    // The fold lies across the finger's way: its normal along the move, the side it folds to.
    const base = this.foldAt({ ...turn, tilt: 0 }, 0).normal;
    const move = { x: pointer.x - press.x, y: pointer.y - press.y };
    const toward = Math.sign(move.x * base.x + move.y * base.y) || 1;
    const angle = Math.atan2(base.x * move.y * toward - base.y * move.x * toward, Math.abs(move.x * base.x + move.y * base.y));
    const lean = Math.max(-MAX_LEAN, Math.min(MAX_LEAN, angle * 0.6)) * (1 - lift);
    turn.tilt = this.vertical ? -lean : lean;
    this.render(turn, this.progressAt(turn, (curl.start + edge) / 2));
    turn.reach = this.reachOf(turn, edge);
    this.book.section.dataset.edge = edge.toFixed(1); // for the tests: where the page's edge is drawn
  }

  /** How far a drag has carried the page's edge across the stage (0 to 1, the way the turn
   * goes): past half way, let go, the turn completes. */
  reachOf(turn, edge) {
    const curl = this.curlOf(turn);
    const far = curl.start > curl.end ? 0 : this.vertical ? turn.height : turn.width;
    const reach = Math.min(1, Math.max(0, (curl.start - edge) / (curl.start - far)));
    return curl.reversed ? 1 - reach : reach;
  }

  /** The progress at which the fold lies at `position` (stage pixels along the turn). */
  progressAt(turn, position) {
    const curl = this.curlOf(turn);
    const drawn = (curl.start - position) / (curl.start - curl.end);
    const progress = curl.reversed ? 1 - drawn : drawn;
    return Math.min(1, Math.max(0, progress));
  }

  /** Where the fold is at `progress`: a point on it and its normal (towards the folded part). */
  foldAt(turn, progress) {
    const curl = this.curlOf(turn);
    const drawn = curl.reversed ? 1 - progress : progress;
    // A drag leans the fold as the finger does; a key's or a tap's turn leans it mid-way.
    const tilt = turn.tilt ?? TILT * Math.sin(Math.PI * drawn);
    return fold({ progress: drawn, start: curl.start, end: curl.end, across: curl.across, tilt, vertical: this.vertical });
  }

  /** Draws a turn `progress` (0 to 1) of the way. */
  render(turn, progress) {
    turn.progress = progress;
    if (this.transition === "scroll") this.renderScroll(turn, progress);
    else this.renderCurl(turn, progress);
  }

  renderScroll(turn, progress) {
    const gap = 16;
    const distance = (this.vertical ? turn.height : turn.width) + gap;
    const sign = turn.direction === FORWARD ? -1 : 1;
    const axis = this.vertical ? "Y" : "X";
    for (const page of present(turn.outgoing)) this.place(page, { z: 1, transform: `translate${axis}(${sign * progress * distance}px)` });
    for (const page of present(turn.incoming)) this.place(page, { z: 1, transform: `translate${axis}(${-sign * (1 - progress) * distance}px)` });
  }

  renderCurl(turn, progress) {
    const curl = this.curlOf(turn);
    const { point, normal } = this.foldAt(turn, progress);
    // Where the fold is (a point on it, in the stage's pixels, and its normal): for the tests.
    this.book.section.dataset.fold = [point.x, point.y, normal.x, normal.y].map((value) => value.toFixed(3)).join(" ");
    for (const page of curl.under) this.place(page, { z: 1 });
    for (const page of curl.still) this.place(page, { z: 2 });
    for (const page of curl.sheet) {
      const flat = clipToSide(rectangle(page.box), point, normal, -1);
      this.place(page, { z: 3, clip: clipCSS(flat, { x: page.box.left, y: page.box.top }), hidden: flat.length < 3 });
    }
    const folded = clipToSide(rectangle(curl.box), point, normal, 1);
    if (curl.back) {
      const over = reflection(point, normal);
      // The back of the sheet is the next page: each of its points shows where the point of
      // the sheet it is printed behind has been folded to; what would fall outside the stage is
      // cut off there, as the leaf is by its layer.
      const origin = { x: curl.back.box.left, y: curl.back.box.top };
      const shown = clipToBox(folded.map((p) => apply(over, p)), { left: 0, top: 0, width: turn.width, height: turn.height });
      const behind = shown.map((p) => apply(curl.backMap, apply(over, p)));
      this.place(curl.back, { z: 4, transform: transformCSS(compose(over, curl.backMap), origin), clip: clipCSS(behind, origin), hidden: behind.length < 3 });
    }
    this.paper.leaf(turn, curl, folded, { point, normal });
    this.paper.shadow(turn, point, normal, folded.length >= 3 ? Math.sin(Math.PI * Math.min(1, progress + 0.08)) : 0);
  }

  /** Hides what a curl drew (the pages are placed again by the viewer). */
  reset() {
    this.paper.reset();
    delete this.book.section.dataset.fold;
    delete this.book.section.dataset.edge;
  }

  place(page, { z = 1, transform = "", clip = "", hidden = false } = {}) {
    if (!page) return;
    const style = page.article.style;
    style.visibility = hidden ? "hidden" : "visible";
    style.zIndex = String(z);
    style.transform = transform;
    style.transformOrigin = transform ? "0 0" : "";
    style.clipPath = clip;
  }

  /** Runs a turn from where it is to `to` (1: complete, 0: cancel), then calls `done` (at
   * once, when the turn is settled early by another key press). A drag's lean straightens
   * on the way. */
  animate(turn, to, done) {
    const from = turn.progress;
    const tilt = turn.tilt;
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
      if (tilt !== undefined) turn.tilt = tilt * (1 - easeOut(t));
      this.render(turn, from + (to - from) * easeOut(t));
      turn.animation.frame = requestAnimationFrame(step);
    };
    turn.animation = { frame: requestAnimationFrame(step), finish };
    if (duration === 0) finish();
  }
}
