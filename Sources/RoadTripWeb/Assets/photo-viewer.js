// The photo viewer: pan and zoom with the mouse, the wheel, a trackpad's pinch, fingers
// (pinch, drag, double tap) and the keys, as the original's UIScrollView; a swipe or an arrow
// key to the neighbour; the original loaded in place of the preview when zoomed past it.
// app.js loads this module on a page with a viewer; it sets up each viewer as it arrives.

import { clamp } from "./shared.js";
import { LiveMotion } from "./live-photo.js";
import { VideoViewer } from "./video-player.js";

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 10;

/// The scale at which the photo first fills the view, as the original's UIScrollView did.
export function fillScale(viewWidth, viewHeight, photoWidth, photoHeight) {
  return Math.max(viewWidth / photoWidth, viewHeight / photoHeight);
}

class PhotoViewer {
  constructor(root) {
    this.root = root;
    this.stage = root.querySelector(".photo-stage");
    this.image = root.querySelector(".photo-image");
    this.spinner = root.querySelector(".spinner");
    this.level = root.querySelector(".zoom-level");
    this.width = Number(root.dataset.width);
    this.height = Number(root.dataset.height);
    this.previewSize = Number(root.dataset.previewSize) || 1440;
    this.original = root.dataset.original || "";
    this.originalLoaded = false;
    this.pointers = new Map();
    this.lastTap = null;
    this.stage.classList.add("interactive");
    this.image.style.width = `${this.width}px`;
    this.image.style.height = `${this.height}px`;
    for (const element of root.querySelectorAll(".zoom-controls [hidden]")) element.hidden = false;
    this.listen();
    this.waitForImage(this.image);
    this.fit();
    this.resizeObserver = new ResizeObserver(() => this.resized());
    this.resizeObserver.observe(this.stage);
  }

  // The view's size; the scale that fills it; the limits of the zoom.
  get view() { return { width: this.stage.clientWidth, height: this.stage.clientHeight }; }
  get fill() { return fillScale(this.view.width || 1, this.view.height || 1, this.width, this.height); }
  get minimum() { return Math.min(MIN_SCALE, this.fill); }
  // A photo smaller than a tenth of the view fills it beyond 10×: zooming in never shrinks it.
  get maximum() { return Math.max(MAX_SCALE, this.fill); }

  fit() {
    this.scale = this.fill;
    this.x = (this.view.width - this.width * this.scale) / 2;
    this.y = (this.view.height - this.height * this.scale) / 2;
    this.render();
  }

  resized() {
    if (!this.stage.isConnected) {
      this.resizeObserver.disconnect();
      return;
    }
    if (Math.abs(this.scale - this.fillAtLastRender) < 1e-6) this.fit();
    else this.settle();
  }

  // Zooms to `scale` keeping the photo's point under (px, py) of the view where it is.
  zoomTo(scale, px = this.view.width / 2, py = this.view.height / 2) {
    const next = clamp(scale, this.minimum, this.maximum);
    this.x = px - (px - this.x) * (next / this.scale);
    this.y = py - (py - this.y) * (next / this.scale);
    this.scale = next;
    this.settle();
  }

  // Keeps the photo over the view: no empty band beside a photo larger than the view, and a
  // smaller photo centred.
  settle() {
    const { width, height } = this.view;
    const shownWidth = this.width * this.scale;
    const shownHeight = this.height * this.scale;
    this.x = shownWidth <= width ? (width - shownWidth) / 2 : clamp(this.x, width - shownWidth, 0);
    this.y = shownHeight <= height ? (height - shownHeight) / 2 : clamp(this.y, height - shownHeight, 0);
    this.render();
  }

  render() {
    this.image.style.transform = `translate(${this.x}px, ${this.y}px) scale(${this.scale})`;
    this.fillAtLastRender = this.fill;
    this.stage.dataset.scale = this.scale.toFixed(4);
    this.stage.dataset.fillScale = this.fill.toFixed(4);
    if (this.level) this.level.textContent = `${Math.round(this.scale * 100)}%`;
    this.loadOriginalWhenNeeded();
  }

  // The preview holds at most previewSize pixels on its longer side; deeper than that the
  // original replaces it, decoded off the main thread before it is shown.
  loadOriginalWhenNeeded() {
    if (!this.original || this.originalLoaded) return;
    // A photo no larger than the preview: the preview has all its pixels already.
    if (Math.max(this.width, this.height) <= this.previewSize) return;
    const previewScale = Math.min(1, this.previewSize / Math.max(this.width, this.height));
    if (this.scale * (window.devicePixelRatio || 1) <= previewScale * 1.05) return;
    this.originalLoaded = true;
    const full = new Image();
    full.decoding = "async";
    full.src = this.original;
    this.spinner.hidden = false;
    full.decode().then(() => {
      if (!this.image.isConnected) return;
      this.image.src = this.original;
      this.stage.dataset.original = "loaded";
    }).catch(() => {
      this.stage.dataset.original = "failed";
    }).finally(() => { this.spinner.hidden = true; });
  }

  waitForImage(image) {
    if (image.complete && image.naturalWidth > 0) return;
    this.spinner.hidden = false;
    const done = () => { this.spinner.hidden = true; };
    image.addEventListener("load", done, { once: true });
    image.addEventListener("error", done, { once: true });
  }

  point(event) {
    const box = this.stage.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  listen() {
    const stage = this.stage;
    stage.addEventListener("wheel", (event) => {
      event.preventDefault();
      // Wheels may count in lines or pages rather than pixels (Firefox does).
      const unit = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 16 : event.deltaMode === WheelEvent.DOM_DELTA_PAGE ? this.view.height : 1;
      // A trackpad pinch arrives as a wheel event with ctrlKey; it moves in smaller steps.
      const factor = Math.exp(-event.deltaY * unit * (event.ctrlKey ? 0.01 : 0.0015));
      const { x, y } = this.point(event);
      this.zoomTo(this.scale * factor, x, y);
    }, { passive: false });
    stage.addEventListener("pointerdown", (event) => this.pointerDown(event));
    stage.addEventListener("pointermove", (event) => this.pointerMove(event));
    stage.addEventListener("pointerup", (event) => this.pointerUp(event));
    stage.addEventListener("pointercancel", (event) => this.pointers.delete(event.pointerId));
    stage.addEventListener("dblclick", (event) => {
      event.preventDefault();
      // A finger's double tap is handled in pointerUp; Chrome follows it with a dblclick too,
      // which would zoom straight back.
      if (this.lastPointerType === "touch") return;
      const { x, y } = this.point(event);
      this.toggleZoom(x, y);
    });
    stage.addEventListener("keydown", (event) => this.key(event));
    this.root.querySelector(".zoom-in")?.addEventListener("click", () => this.zoomTo(this.scale * 1.5));
    this.root.querySelector(".zoom-out")?.addEventListener("click", () => this.zoomTo(this.scale / 1.5));
  }

  // Double click or double tap: from the fill scale in (to 2.5× it, or 1:1 when that is
  // closer); from any other scale, zoomed in or out, back to the fill scale.
  toggleZoom(x, y) {
    if (Math.abs(this.scale / this.fill - 1) > 0.05) this.fit();
    else this.zoomTo(Math.max(this.fill * 2.5, 1), x, y);
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const actions = {
      "+": () => this.zoomTo(this.scale * 1.25),
      "=": () => this.zoomTo(this.scale * 1.25),
      "-": () => this.zoomTo(this.scale / 1.25),
      "_": () => this.zoomTo(this.scale / 1.25),
      "0": () => this.fit(),
      ArrowLeft: () => this.go("previous"),
      ArrowRight: () => this.go("next"),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  go(direction) {
    const link = this.root.querySelector(direction === "previous" ? "a.photo-previous" : "a.photo-next");
    if (link) link.click();
  }

  pointerDown(event) {
    this.lastPointerType = event.pointerType;
    if (event.button !== 0) return;
    this.stage.setPointerCapture(event.pointerId);
    this.pointers.set(event.pointerId, this.point(event));
    this.gesture = this.startGesture();
    this.swipe = 0;
  }

  startGesture() {
    const points = [...this.pointers.values()];
    if (points.length === 1) return { kind: "pan", from: points[0], x: this.x, y: this.y, start: points[0] };
    const [a, b] = points;
    return {
      kind: "pinch", distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, scale: this.scale,
      centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, x: this.x, y: this.y,
    };
  }

  pointerMove(event) {
    if (!this.pointers.has(event.pointerId)) return;
    this.pointers.set(event.pointerId, this.point(event));
    const gesture = this.gesture;
    const points = [...this.pointers.values()];
    if (gesture.kind === "pan" && points.length === 1) {
      const wantedX = gesture.x + points[0].x - gesture.from.x;
      this.x = wantedX;
      this.y = gesture.y + points[0].y - gesture.from.y;
      this.settle();
      // How far the drag went past the photo's edge: a swipe to the neighbour when large.
      this.swipe = wantedX - this.x;
    } else if (gesture.kind === "pinch" && points.length >= 2) {
      const [a, b] = points;
      const next = clamp(gesture.scale * Math.hypot(a.x - b.x, a.y - b.y) / gesture.distance, this.minimum, this.maximum);
      const centre = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      this.x = centre.x - (gesture.centre.x - gesture.x) * (next / gesture.scale);
      this.y = centre.y - (gesture.centre.y - gesture.y) * (next / gesture.scale);
      this.scale = next;
      this.settle();
    }
  }

  pointerUp(event) {
    const start = this.gesture?.start;
    const end = this.pointers.get(event.pointerId);
    this.pointers.delete(event.pointerId);
    if (this.pointers.size > 0) {
      // A pinch became a pan: the finger left on the glass starts afresh, with no swipe.
      this.gesture = this.startGesture();
      this.swipe = 0;
      return;
    }
    // A swipe: the drag went well past the photo's edge, and sideways rather than diagonally
    // (a diagonal drag into a corner of a zoomed photo is a pan that reached the corner).
    const sideways = start && end && Math.abs(end.x - start.x) > 2 * Math.abs(end.y - start.y);
    if (Math.abs(this.swipe) > 60 && sideways) {
      this.go(this.swipe > 0 ? "previous" : "next");
      return;
    }
    // A double tap on a touch screen (browsers do not send dblclick for touch reliably).
    if (event.pointerType === "touch" && start && end && Math.hypot(end.x - start.x, end.y - start.y) < 10) {
      const now = performance.now();
      if (this.lastTap && now - this.lastTap.time < 320 && Math.hypot(end.x - this.lastTap.x, end.y - this.lastTap.y) < 30) {
        this.lastTap = null;
        this.toggleZoom(end.x, end.y);
      } else {
        this.lastTap = { time: now, x: end.x, y: end.y };
      }
    }
  }
}

// Arrow keys turn photos wherever the focus is, unless a field or another control wants them.
document.addEventListener("keydown", (event) => {
  const viewer = document.querySelector(".photo-viewer")?.viewer;
  if (!viewer || event.defaultPrevented) return;
  if (event.target.closest?.("input, textarea, select, .photo-stage, [contenteditable]")) return;
  viewer.key(event);
});

function setUp() {
  for (const root of document.querySelectorAll(".photo-viewer:not([data-ready])")) {
    root.dataset.ready = "true";
    // A video plays in the browser's own player: no pan and zoom.
    root.viewer = root.querySelector(".photo-video") ? new VideoViewer(root) : new PhotoViewer(root);
    // A Live Photo: the still is the viewer's; its motion plays over it while held.
    if (root.querySelector(".live-badge")) root.live = new LiveMotion(root, root.viewer);
  }
}

document.addEventListener("roadtrip:swap", setUp);
setUp();
