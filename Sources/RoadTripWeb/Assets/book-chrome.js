// What is around the pages, kept in step with the page on screen: "Page N of M", Previous and
// Next (links to where a turn lands, or disabled at an end), the dots of the scroll style,
// and the reading settings' link in the bar, which comes back to the page it was opened on.

import { BACKWARD, FORWARD } from "./book-model.js";
import { clamp } from "./shared.js";

const DOT_WINDOW = 9; // dots shown at most, around the current page

export class BookChrome {
  constructor(viewer) {
    this.viewer = viewer;
    this.nav = viewer.section.querySelector(".book-controls");
    this.dots = document.createElement("div");
    this.dots.className = "book-dots";
    this.dots.setAttribute("aria-hidden", "true");
    this.nav.querySelector(".book-next")?.before(this.dots);
  }

  /** Indicator, controls, dots and the settings link's page, after the current page moved. */
  update() {
    const { model, current, section, layout } = this.viewer;
    const count = model.pageCount;
    const [left, right] = model.visiblePages(current, "spread");
    const single = this.nav.querySelector(".book-indicator.single");
    const spread = this.nav.querySelector(".book-indicator.spread");
    if (single) single.textContent = `Page ${current} of ${count}`;
    if (spread) spread.textContent = left && right ? `Pages ${left}–${right} of ${count}` : `Page ${left ?? right} of ${count}`;
    for (const mode of ["single", "spread"]) {
      this.setControl(mode, "prev", model.destination(BACKWARD, current, mode));
      this.setControl(mode, "next", model.destination(FORWARD, current, mode));
    }
    for (const link of document.querySelectorAll("#detail a.book-settings-link")) {
      const url = new URL(link.href);
      url.searchParams.set("from", this.viewer.path(current));
      link.href = url.pathname + url.search;
    }
    section.dataset.page = String(current);
    section.classList.toggle("at-start", model.destination(BACKWARD, current, layout) === null);
    section.classList.toggle("at-end", model.destination(FORWARD, current, layout) === null);
    this.updateDots();
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
      if (hadFocus) (target === null ? this.viewer.section : element).focus({ preventScroll: true });
    }
    element.classList.toggle("disabled", target === null);
    if (target === null) {
      element.setAttribute("aria-disabled", "true");
      return;
    }
    element.removeAttribute("aria-disabled");
    element.href = this.viewer.path(target);
    element.rel = rel;
    element.dataset.target = String(target);
  }

  /** Dots for the scroll style: a window of at most nine around the page on screen. */
  updateDots() {
    const viewer = this.viewer;
    if (viewer.transition !== "scroll") return;
    const count = viewer.model.pageCount;
    const shown = new Set(viewer.visibleNumbers());
    const first = clamp(viewer.current - Math.floor(DOT_WINDOW / 2), 1, Math.max(1, count - DOT_WINDOW + 1));
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
}
