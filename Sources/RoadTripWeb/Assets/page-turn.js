// Drawing a page turn: the leaves of the Events book hinged at the spine (or their top edge)
// and turned under the stage's perspective so a page's free edge follows the finger, or slid
// aside in the scroll style; and the animation of a turn to its end. What turns, and when,
// is the book viewer's (book.js).

import { FORWARD } from "./book-model.js";

const TURN_MS = 420; // a whole turn; a partial one takes its share

export const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
const easeOut = (t) => 1 - Math.pow(1 - t, 3);

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

/** Draws the turns of one book, in its style (`book.transition`, `book.vertical`) and layout
 * (`book.layout`), read at each frame: a layout change settles a turn first. */
export class TurnDrawing {
  constructor(book) {
    this.book = book;
  }

  get transition() {
    return this.book.transition;
  }

  get vertical() {
    return this.book.vertical;
  }

  get layout() {
    return this.book.layout;
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
}
