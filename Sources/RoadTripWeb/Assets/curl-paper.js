// The paper of a page curl (page-turn.js draws the turn): the folded part's leaf, lit as the
// rolled paper of a cylinder is (shade in the crease, a highlight where the roll faces the
// light, then the flat back), and the shadow it throws on the page beneath, each laid along the
// fold as a band, each in a layer the size of the stage.

import { clipCSS, reflection, transformCSS } from "./curl-geometry.js";

const SHADOW_PX = 48; // how far the shadow on the page beneath reaches from the fold

export class CurlPaper {
  constructor(book) {
    this.book = book;
    this.leafElement = null; // the folded part's paper, made on the first curl
    this.shadowElement = null;
    this.framePrints = new Map(); // a frame's document → its print, made ahead (`prepare`)
  }

  /** The folded part's paper (or, over a back page, only its light and shade), with the light
   * across it: drawn in the leaf's own unfolded frame, where the fold is the same line. */
  leaf(turn, curl, folded, { point, normal }) {
    const leaf = this.ensureLeaf(curl);
    const origin = { x: curl.box.left, y: curl.box.top };
    leaf.hidden = folded.length < 3;
    leaf.style.left = `${curl.box.left}px`;
    leaf.style.top = `${curl.box.top}px`;
    leaf.style.width = `${curl.box.width}px`;
    leaf.style.height = `${curl.box.height}px`;
    leaf.style.clipPath = clipCSS(folded, origin);
    leaf.style.transform = transformCSS(reflection(point, normal), origin);
    leaf.classList.toggle("over-page", Boolean(curl.back));
    this.band(leaf.lastChild, turn, { x: point.x - origin.x, y: point.y - origin.y }, normal, Math.hypot(turn.width, turn.height));
  }

  /** The shadow the lifted paper throws on the page beneath, along the fold. */
  shadow(turn, point, normal, strength) {
    this.shadowElement.hidden = strength <= 0.01;
    this.shadowElement.style.opacity = strength.toFixed(3);
    this.band(this.shadowElement, turn, point, normal, SHADOW_PX);
  }

  /** Lays `element` along the fold as a band `width` wide on its folded side (its CSS
   * gradient runs from the fold outwards, "to right"). */
  band(element, turn, point, normal, width) {
    const reach = Math.hypot(turn.width, turn.height);
    element.style.width = `${width}px`;
    element.style.height = `${2 * reach}px`;
    element.style.transform = `translate(${point.x}px, ${point.y}px) rotate(${Math.atan2(normal.y, normal.x)}rad) translateY(${-reach}px)`;
  }

  ensureLeaf(curl) {
    this.layersReady();
    if (this.leafElement.dataset.turn !== String(curl.sheet.map((page) => page.number))) {
      this.leafElement.dataset.turn = String(curl.sheet.map((page) => page.number));
      const kept = new Set(this.framePrints.values());
      this.leafElement.querySelectorAll(".book-leaf-print").forEach((print) => (kept.has(print) ? (print.hidden = true) : print.remove()));
      // The page's own content shows through the paper, mirrored, where it can be drawn again:
      // a photo, and a frame of RoadTrip's own document (its copy, a sample page) printed ahead
      // (`prepare`), never another site's live page.
      if (!curl.back) {
        for (const page of curl.sheet) {
          const print = page.article.querySelector("iframe") ? this.framePrints.get(page.frame?.home) : this.print(page);
          if (!print) continue;
          Object.assign(print.style, {
            left: `${page.box.left - curl.box.left}px`, top: `${page.box.top - curl.box.top}px`,
            width: `${page.box.width}px`, height: `${page.box.height}px`,
          });
          print.hidden = false;
        }
      }
    }
    return this.leafElement;
  }

  layersReady() {
    if (!this.leafElement) {
      // Each in a layer the size of the stage that cuts off what is folded beyond it: the leaf
      // over the pages, the shadow between the page beneath and the folding page.
      const layer = (name, child) => {
        const element = document.createElement("div");
        element.className = `book-curl-layer ${name}`;
        element.setAttribute("aria-hidden", "true");
        element.append(child);
        return element;
      };
      this.leafElement = document.createElement("div");
      this.leafElement.className = "book-leaf";
      const light = document.createElement("div");
      light.className = "book-leaf-light";
      this.leafElement.append(light);
      this.shadowElement = document.createElement("div");
      this.shadowElement.className = "book-curl-shadow";
      this.leafElement.hidden = true; // until a curl draws them
      this.shadowElement.hidden = true;
      this.layers = [layer("over", this.leafElement), layer("beneath", this.shadowElement)];
    }
    const stage = this.book.stage;
    if (this.layers[0].parentNode !== stage) stage.append(...this.layers);
  }

  /** The page printed on the back of its paper: a copy of its article, without its chrome. */
  print(page) {
    const print = page.article.cloneNode(true);
    print.querySelectorAll(".page-status, .page-source").forEach((part) => part.remove());
    print.querySelectorAll("iframe").forEach((frame) => frame.setAttribute("tabindex", "-1"));
    print.className = "book-leaf-print";
    print.removeAttribute("style");
    this.leafElement.prepend(print);
    return print;
  }

  /** Prints ahead, while nothing moves, each page on screen that shows RoadTrip's own document
   * (a second frame of it, from the browser's cache, loading out of sight), so that a turn never
   * waits for a frame to load; drops the prints of pages gone from the screen. */
  prepare(pages) {
    this.layersReady();
    const wanted = new Set();
    for (const page of pages) {
      const home = page?.frame?.showsOwnDocument ? page.frame.home : null;
      if (!home) continue;
      wanted.add(home);
      if (this.framePrints.has(home)) continue;
      const print = this.print(page);
      print.hidden = true;
      this.framePrints.set(home, print);
    }
    for (const [home, print] of this.framePrints) {
      if (wanted.has(home) || !print.hidden) continue;
      print.remove();
      this.framePrints.delete(home);
    }
  }

  /** Hides what a curl drew (the pages are placed again by the viewer). */
  reset() {
    if (this.leafElement) {
      this.leafElement.hidden = true;
      this.shadowElement.hidden = true;
      delete this.leafElement.dataset.turn;
    }
  }
}
