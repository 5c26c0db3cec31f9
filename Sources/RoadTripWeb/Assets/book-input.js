// What turns the book's pages: the keys (arrows, Page Up/Down, Home, End), Previous, Next and
// the dots, and the finger or the mouse. A press anywhere on the stage that moves
// along the book's axis lifts the page and the curl follows it (page-turn.js draws it); let
// go past the middle, or with a flick, and the page turns, else it falls back. A tap in the
// outer 15 % of the stage turns that way.
//
// A page that is a frame takes every touch over it. Over RoadTrip's own documents (a saved
// copy, a sample page) a script the server wrote into them (frame-gesture.js) reports the
// press to this module by postMessage, and it is followed as one on the stage; over another
// site's live page only the .book-edge strips of app.css, a finger wide, are the stage's: they
// show there, a handle on each side (the book shows RoadTrip's copy where it has one).

import { BACKWARD, FORWARD } from "./book-model.js";
import { turnsWhenLetGo } from "./page-turn.js";

const EDGE_FRACTION = 0.15; // a tap in the outer 15 % of the stage turns that way (over a frame: the
// narrower .book-edge strips, so that the page's own links near its edges still work)
const DRAG_SLOP_PX = 8; // a press that moves less than this is a tap
const FLICK_WINDOW_MS = 100; // the moves a flick is read from
const PHASES = new Set(["press", "move", "release", "cancel"]);

export class BookInput {
  constructor(viewer) {
    this.viewer = viewer;
    this.stage = viewer.stage;
    this.press = null; // a pointer pressed: { id, x, y, zone, dragging, turn, track }
    for (const direction of [BACKWARD, FORWARD]) {
      const edge = document.createElement("div"); // the pointer's way in over the frames
      edge.className = `book-edge ${direction === FORWARD ? "next" : "prev"}`;
      edge.setAttribute("aria-hidden", "true");
      edge.title = direction === FORWARD ? "Next page" : "Previous page";
      this.stage.append(edge);
    }
    this.listeners = [
      [document, "keydown", (event) => this.onKey(event)],
      [viewer.section, "click", (event) => this.onClick(event)],
      [window, "resize", () => this.measureEdges()],
      [this.stage, "pointerdown", (event) => this.onPointerDown(event)],
      [this.stage, "pointermove", (event) => this.moveTo(event)],
      [this.stage, "pointerup", (event) => this.letGo(event)],
      [this.stage, "pointercancel", (event) => this.letGo(event, true)],
      [this.stage, "lostpointercapture", (event) => this.letGo(event, true)],
      [window, "message", (event) => this.onFrameMessage(event)],
    ];
    for (const [target, type, handler] of this.listeners) target.addEventListener(type, handler);
  }

  destroy() {
    for (const [target, type, handler] of this.listeners) target.removeEventListener(type, handler);
  }

  /** Over another site's live page the edge strips are the only way to turn: they show. And
   * the pages on screen are printed ahead for the back of their paper (curl-paper.js). */
  showEdges(frames) {
    this.stage.classList.toggle("over-live", frames.some((frame) => frame.showsLive));
    if (this.viewer.transition === "curl") this.viewer.drawing.paper.prepare(this.viewer.visibleNumbers().map((n) => this.viewer.pages.get(n)));
  }

  /** The edge strips cover the frames, not the line under them with its links. */
  measureEdges() {
    const source = this.viewer.pages.get(this.viewer.current)?.article.querySelector(".page-source");
    this.stage.style.setProperty("--source-height", `${source ? source.offsetHeight : 0}px`);
  }

  onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof Element && event.target.closest("input, textarea, select, video, [contenteditable]:not([contenteditable='false'])")) return;
    if (document.body.classList.contains("master-open") || this.viewer.section.getClientRects().length === 0) return;
    const forward = this.viewer.vertical ? "ArrowDown" : "ArrowRight";
    const backward = this.viewer.vertical ? "ArrowUp" : "ArrowLeft";
    switch (event.key) {
      case forward:
      case "PageDown":
        this.viewer.turnTo(FORWARD);
        break;
      case backward:
      case "PageUp":
        this.viewer.turnTo(BACKWARD);
        break;
      case "Home":
        this.viewer.jump(1);
        break;
      case "End":
        this.viewer.jump(this.viewer.model.pageCount);
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
      this.viewer.turnTo(control.classList.contains("book-next") ? FORWARD : BACKWARD);
      return;
    }
    const dot = event.target.closest(".book-dot");
    if (dot) this.viewer.jump(Number(dot.dataset.target));
    const play = event.target.closest(".book-play");
    if (play) {
      event.preventDefault();
      playInPage(play);
    }
  }

  /** Tells each page of RoadTrip's own which way the book turns (its script lets the page
   * scroll the other way). */
  tellFrames(frames) {
    for (const frame of frames) frame.iframe.contentWindow?.postMessage({ roadtripBookVertical: this.viewer.vertical }, "*");
  }

  onPointerDown(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    if (event.target.closest("a, button, input, label, select, textarea, video")) return; // a video's controls are its own
    const rect = this.stage.getBoundingClientRect();
    const along = this.viewer.vertical ? (event.clientY - rect.top) / rect.height : (event.clientX - rect.left) / rect.width;
    const zone = along < EDGE_FRACTION ? BACKWARD : along > 1 - EDGE_FRACTION ? FORWARD : null;
    if (event.pointerType === "mouse") event.preventDefault(); // no text selection while dragging
    this.pressAt(event, zone);
    // The stage keeps the pointer while it moves over the frames (which would swallow it).
    this.viewer.section.classList.add("pressed");
    this.stage.setPointerCapture(event.pointerId);
  }

  /** A press from a frame's script: accepted only from a page on screen that shows RoadTrip's
   * own document (another site's page could send anything), its point moved from the frame's
   * pixels to the window's. */
  onFrameMessage(event) {
    const data = event.data;
    if (!data || !PHASES.has(data.roadtripBook) || ![data.x, data.y, data.t].every(Number.isFinite)) return;
    const frame = this.viewer.visibleFrames().find((candidate) => candidate.iframe.contentWindow === event.source);
    if (!frame || !frame.showsOwnDocument) return;
    if (data.roadtripBook === "press") this.frameRect = frame.iframe.getBoundingClientRect(); // as it was pressed: a scrolling page moves with the finger
    const rect = this.frameRect;
    if (!rect) return;
    const point = { pointerId: "frame", clientX: rect.left + data.x, clientY: rect.top + data.y, timeStamp: data.t - performance.timeOrigin };
    if (data.roadtripBook === "press") this.pressAt(point, null); // a tap on the page is the page's (its links)
    else if (data.roadtripBook === "move") this.moveTo(point);
    else this.letGo(point, data.roadtripBook === "cancel");
  }

  pressAt(point, zone) {
    if (this.press) this.letGo({ pointerId: this.press.id }, true); // its release never came
    this.press = { id: point.pointerId, x: point.clientX, y: point.clientY, zone, dragging: false, turn: null, track: [] };
  }

  moveTo(point) {
    const press = this.press;
    const viewer = this.viewer;
    if (!press || point.pointerId !== press.id) return;
    const along = viewer.vertical ? point.clientY - press.y : point.clientX - press.x;
    const across = viewer.vertical ? point.clientX - press.x : point.clientY - press.y;
    if (!press.dragging) {
      if (Math.abs(along) < DRAG_SLOP_PX || Math.abs(along) < Math.abs(across)) return;
      press.dragging = true;
      press.direction = along < 0 ? FORWARD : BACKWARD; // drag the page towards where it goes
      press.turn = viewer.beginDrag(press.direction);
    }
    if (!press.turn) {
      this.give(Math.sign(along) * Math.min(36, Math.abs(along) * 0.2));
      return;
    }
    const rect = this.stage.getBoundingClientRect();
    const toStage = (x, y) => ({ x: x - rect.left, y: y - rect.top });
    viewer.drawing.follow(press.turn, toStage(press.x, press.y), toStage(point.clientX, point.clientY));
    // The last tenth of a second of the drag, for a flick.
    const now = point.timeStamp;
    press.track.push({ now, moved: press.direction === FORWARD ? -along : along });
    while (press.track.length > 2 && now - press.track[0].now > FLICK_WINDOW_MS) press.track.shift();
  }

  /** A drag at an end: the pages on screen give a little, and spring back when let go. */
  give(offset) {
    const axis = this.viewer.vertical ? "Y" : "X";
    for (const number of this.viewer.visibleNumbers()) {
      this.viewer.pages.get(number)?.article.style.setProperty("transform", `translate${axis}(${offset}px)`);
    }
  }

  letGo(point, cancelled = false) {
    const press = this.press;
    if (!press || point.pointerId !== press.id) return;
    this.press = null;
    this.viewer.section.classList.remove("dragging", "pressed");
    if (typeof point.pointerId === "number" && this.stage.hasPointerCapture?.(point.pointerId)) this.stage.releasePointerCapture(point.pointerId);
    if (!press.dragging) {
      if (!cancelled && press.zone) this.viewer.turnTo(press.zone); // a tap near an edge
      return;
    }
    const turns = !cancelled && press.turn && turnsWhenLetGo(press.track, point.timeStamp ?? performance.now(), press.turn.reach ?? press.turn.progress);
    this.viewer.endDrag(press, turns);
  }

  /** Forgets a press at once (the layout changed, or Back was pressed while dragging). */
  drop() {
    this.press = null;
    this.viewer.section.classList.remove("dragging", "pressed");
  }
}

/** A video's page: the player takes the poster's place and plays, with the browser's controls
 * (made only when asked for, as the viewer's Live Photo is: a page of the book is turned by
 * pressing it, and a player would take the press). */
function playInPage(button) {
  const poster = button.parentElement.querySelector("img");
  const video = document.createElement("video");
  video.className = "book-video";
  video.controls = true;
  video.playsInline = true;
  video.preload = "auto";
  video.poster = poster.getAttribute("src");
  video.src = button.getAttribute("href");
  poster.replaceWith(video);
  button.remove();
  video.play().catch(() => {}); // a browser that refuses to start it leaves its controls to do so
}
