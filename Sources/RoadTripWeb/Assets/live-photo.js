// A Live Photo in the viewer: its still, and the motion taken around it played over the still
// while a finger (or the mouse) is held on the photo, as the Photos app does, or while the
// mouse rests on the LIVE badge; the badge pressed as a button plays it once. The motion lies
// exactly over the still however it is panned and zoomed (the viewer's transform, copied), is
// muted and plays from its start; let go, it stops and the still is back. A press that moves
// is the viewer's (a pan, a swipe to the next photo), not a hold.
//
// The player exists only while it plays: a page holding a <video> makes Chrome read a quick
// second tap as its own double-tap gesture, and the viewer's double tap to zoom would be lost.

import { renditionMade } from "./video-player.js";

const HOLD_MS = 350; // a press still for this long is a hold
const SLOP_PX = 10; // a press that moves more than this is a pan or a swipe

export class LiveMotion {
  constructor(root, viewer) {
    this.root = root;
    this.viewer = viewer;
    this.stage = root.querySelector(".photo-stage");
    this.badge = root.querySelector(".live-badge");
    this.video = null;
    this.press = null;
    this.stage.addEventListener("pointerdown", (event) => this.pressed(event));
    this.stage.addEventListener("pointermove", (event) => this.moved(event));
    for (const type of ["pointerup", "pointercancel"]) this.stage.addEventListener(type, () => this.letGo());
    // A held finger must not bring up the browser's menu for the picture.
    this.stage.addEventListener("contextmenu", (event) => { if (this.press || this.video) event.preventDefault(); });
    this.badge.addEventListener("pointerenter", (event) => { if (event.pointerType === "mouse") this.play(); });
    this.badge.addEventListener("pointerleave", (event) => { if (event.pointerType === "mouse") this.stop(); });
    this.badge.addEventListener("click", (event) => {
      if (!this.ready) return; // not made yet: the link says so to a reader
      event.preventDefault();
      this.play({ once: true });
    });
    if (!this.ready && this.badge.dataset.status) this.waitForMotion();
  }

  get ready() {
    return this.badge.dataset.state === "ready";
  }

  /** Until the motion is made the badge is dimmed; then it plays. */
  async waitForMotion() {
    const status = await renditionMade(this.badge.dataset.status, this.root);
    if (!status) return;
    this.badge.dataset.state = status.state;
    if (status.state !== "ready") return;
    this.badge.classList.remove("preparing");
    this.badge.setAttribute("aria-label", "Play the Live Photo");
  }

  pressed(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (this.viewer.pointers && this.viewer.pointers.size > 1) return; // a pinch
    clearTimeout(this.press?.timer);
    this.press = { id: event.pointerId, x: event.clientX, y: event.clientY, timer: setTimeout(() => this.play(), HOLD_MS) };
  }

  moved(event) {
    const press = this.press;
    if (!press || event.pointerId !== press.id || this.video) return;
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP_PX) this.letGo();
  }

  letGo() {
    if (!this.press) return;
    clearTimeout(this.press.timer);
    this.press = null;
    if (!this.once) this.stop();
  }

  /** Lays the motion over the still, where the still is drawn, and plays it from its start. */
  play({ once = false } = {}) {
    if (!this.ready || this.video) return;
    const image = this.stage.querySelector(".photo-image");
    const video = document.createElement("video");
    video.className = "photo-live";
    video.muted = true;
    video.playsInline = true;
    video.setAttribute("aria-hidden", "true");
    for (const property of ["width", "height", "transform"]) video.style[property] = image.style[property];
    video.src = this.badge.dataset.src;
    video.addEventListener("ended", () => this.stop());
    image.after(video);
    this.video = video;
    this.once = once;
    this.root.classList.add("live-playing");
    video.play().catch(() => this.stop());
  }

  stop() {
    this.once = false;
    this.video?.pause();
    this.video?.remove();
    this.video = null;
    this.root.classList.remove("live-playing");
  }
}
