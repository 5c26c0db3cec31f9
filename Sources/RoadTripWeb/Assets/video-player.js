// A video in the viewer: the browser's own player with its poster, played in place
// (playsinline), the keys a player has (Space plays and pauses, arrows seek), a sideways swipe
// to the neighbour as for photos. Until its rendition exists the poster shows with how far
// it is ("Preparing video… 40 %"), asked every two seconds, and the video comes when it is ready.

const SEEK_SECONDS = 5;
const STATUS_EVERY_MS = 2000;
const SWIPE_PX = 60;
/** The strip at the foot of the picture where the browser draws the player's controls: a drag
 * there is the seek bar's, not a swipe. */
const CONTROLS_PX = 56;

export class VideoViewer {
  constructor(root) {
    this.root = root;
    this.stage = root.querySelector(".photo-stage");
    this.video = root.querySelector(".photo-video");
    this.stage.addEventListener("keydown", (event) => this.key(event));
    this.stage.addEventListener("pointerdown", (event) => {
      const rect = this.stage.getBoundingClientRect();
      this.press = event.clientY > rect.bottom - CONTROLS_PX ? null : { x: event.clientX, y: event.clientY };
    });
    this.stage.addEventListener("pointerup", (event) => this.letGo(event));
    this.stage.addEventListener("pointercancel", () => { this.press = null; });
    // Asked while the library's viewer is open; a vacation's page shows it when opened again.
    if (this.video.dataset.state === "pending" && this.video.dataset.status) this.waitForRendition();
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const video = this.video;
    const playable = Boolean(video.getAttribute("src"));
    const actions = {
      " ": () => (video.paused ? video.play().catch(() => {}) : video.pause()),
      ArrowLeft: () => { video.currentTime = Math.max(0, video.currentTime - SEEK_SECONDS); },
      ArrowRight: () => { video.currentTime = Math.min(video.duration || 0, video.currentTime + SEEK_SECONDS); },
    };
    const action = playable ? actions[event.key] : null;
    if (!action) return;
    event.preventDefault();
    action();
  }

  letGo(event) {
    const press = this.press;
    this.press = null;
    if (!press) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > 2 * Math.abs(dy)) this.go(dx > 0 ? "previous" : "next");
  }

  go(direction) {
    const link = this.root.querySelector(direction === "previous" ? "a.photo-previous" : "a.photo-next");
    if (link) link.click();
  }

  /** Asks how far the rendition is until it is made (or has failed), while this viewer is on screen. */
  async waitForRendition() {
    const note = this.root.querySelector(".video-preparing");
    const status = await renditionMade(this.video.dataset.status, this.root, (percent) => {
      if (note) note.textContent = `Preparing video… ${percent} %`;
    });
    if (!status) return;
    this.video.dataset.state = status.state;
    if (status.state === "ready") {
      this.video.src = this.video.dataset.src;
      note?.remove();
    } else if (note) {
      note.textContent = `This video could not be prepared: ${status.reason}`;
    }
  }
}

/** Asks the server how far a video's rendition is (`status`, its address) every two seconds
 * while `root` is on the page, telling `progress` each share done. Answers the status once it
 * is `ready` or `failed`, or null once `root` is gone. */
export async function renditionMade(status, root, progress = () => {}) {
  while (root.isConnected) {
    await new Promise((resolve) => setTimeout(resolve, STATUS_EVERY_MS));
    let answer;
    try {
      const response = await fetch(status, { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (!response.ok) continue;
      answer = await response.json();
    } catch {
      continue; // offline a moment: ask again
    }
    if (answer.state === "ready" || answer.state === "failed") return answer;
    progress(Number(answer.percent) || 0);
  }
  return null;
}
