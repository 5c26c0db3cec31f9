// The Events book's model: Sources/RoadTrip/Trips/Book.swift, in JavaScript. Which pages a
// page shows with (one, or a spread of two) and where a turn lands; the book viewer
// (book.js) asks it, and e2e/test_scripts.py runs it in the browser on the cases of Book.swift's tests.

export const FORWARD = "forward";
export const BACKWARD = "backward";

/** The page numbers of a pair from `visiblePages`, without the missing one. */
export const numbersOf = (pair) => pair.filter((number) => number !== null);

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
