// Web views: a sandboxed frame of an event's (or the weather's) page with its status — a spinner
// until it has loaded; after 15 s, what went wrong, with Try again; RoadTrip's own message in place
// of a page whose site the server could not reach, or offline without a copy (never the browser's
// error page). While the server fetches the page's copy nothing is framed (RoadTrip's placeholder
// stands in): then RoadTrip's copy — in the Events book whenever there is one, elsewhere for a
// page that refuses framing (at once offline: the copy is what this device keeps) — or the live
// page, one tap away from the copy ("Live page"). The Weather page is one (mounted here); each
// page of the Events book has one (book.js); web-back.js is their "Back to …".

import { BackButton } from "./web-back.js";
import { COPY_POLL_LIMIT_MS, askForCopy, unreachableMessage } from "./web-copy.js";
import { button, isOffline } from "./shared.js";

const LOAD_TIMEOUT_MS = 15000;

/** Whether a frame that was in the page as it arrived from the server loaded before this
 * script could listen (cross-origin frames cannot be asked; Resource Timing reports a
 * frame's navigation when its load event fires). */
function loadedBeforeScript(iframe) {
  return performance.getEntriesByType("resource").some((entry) => entry.initiatorType === "iframe" && entry.name === iframe.src);
}

// "Back to Events" steps back through the frames' own history entries with `history.back()`
// (a sandboxed frame of another origin can be neither read nor told to go back itself). That
// is right only while those entries are the newest in the tab's history: any entry of the
// app's own (a screen pushed) since then, and Back reloads the frame's first page instead.
let appNavigations = 0;
// A turn of the book replaces its entry (the address follows the page): no entry of the app's.
document.addEventListener("roadtrip:navigated", (event) => { if (!event.detail?.replaced) appNavigations += 1; });
window.addEventListener("popstate", () => (appNavigations += 1)); // a frame's traversals fire theirs inside it
let frameSteps = 0; // orders the links followed in all frames, as their history entries are

/** Whether the load a frame just finished is a link the person followed inside it, not the
 * page reloading or redirecting itself: the person's click or key inside the frame gives the
 * tab a transient activation (Chromium and Firefox pass it up to the parent) and leaves the
 * focus on the frame; a page turned to with the keys, or a meta refresh, does neither. */
function followedByPerson(iframe) {
  return document.activeElement === iframe && navigator.userActivation?.isActive === true;
}

export class WebFrame {
  /** `onChange` is called when the frame loads, fails, or the person moves inside it. */
  constructor(frameElement, { initial = false, onChange = () => {} } = {}) {
    this.element = frameElement;
    this.iframe = frameElement.querySelector("iframe");
    this.status = frameElement.querySelector(".page-status");
    // What the page shows first: RoadTrip's copy or the event's page; none while the copy is fetched.
    this.home = this.iframe.getAttribute("src") || "";
    this.original = this.iframe.dataset.original || this.iframe.src;
    this.copy = this.iframe.dataset.copy || "";
    this.prefersCopy = this.iframe.dataset.prefers === "copy";
    this.refusesFraming = false; // learnt from the server when the copy comes
    this.copyStatus = this.iframe.dataset.copyStatus || ""; // set while the server fetches its copy
    this.unreachable = this.iframe.dataset.unreachable || ""; // the server's message: its site answered nothing
    this.retryAt = this.iframe.dataset.retryAt || ""; // when the server asks that site again
    this.retryStatus = this.iframe.dataset.retry || "";
    this.instead = false; // a message is shown in place of the page: its frame's loads change nothing
    this.copyNote = frameElement.closest("article")?.querySelector(".copy-fetch");
    this.switchItem = frameElement.closest("article")?.querySelector(".page-switch-item");
    // The switch does what it says (`updateSwitch`): from the live page to the copy, from the copy
    // (or a page a link in it led to) to the live page.
    this.switchItem?.querySelector("button").addEventListener("click", () => this.reload(this.home === this.original ? this.copy : this.original));
    this.poll = 0;
    this.onChange = onChange;
    this.loads = 0;
    this.resetSteps();
    this.state = "loading";
    this.started = false; // a neighbour waits, lazy and out of sight, until the page on screen has loaded
    this.timer = 0;
    this.onLoad = () => this.loaded();
    this.iframe.addEventListener("load", this.onLoad);
    if (initial && this.home && !this.unreachable && loadedBeforeScript(this.iframe)) {
      this.loads = 1; // loaded already: no call back from here, the owner is still being built
      this.started = true;
      this.state = "loaded";
    }
    this.updateSwitch();
  }

  /** The frame shows the page it opened with (not one reached by a link inside it). */
  get atHome() {
    return this.steps === 0;
  }

  /** It shows one of RoadTrip's own documents (a saved copy, a sample page) as it opened. */
  get showsOwnDocument() {
    return this.atHome && this.state === "loaded" && this.homeIsOwn;
  }

  get homeIsOwn() {
    return this.home !== "" && new URL(this.home, location.href).origin === location.origin;
  }

  /** It shows (or loads) another site's page: it takes every touch over it (book-input.js). */
  get showsLive() {
    return !this.instead && this.home !== "" && !(this.atHome && this.homeIsOwn);
  }

  /** It shows RoadTrip's copy of the page. */
  get onCopy() {
    return this.copy !== "" && this.home === this.copy;
  }

  /** What the page shows once the server has told what there is (`web-copy.js`). */
  get preferred() {
    return this.copy && (this.prefersCopy || this.refusesFraming) ? this.copy : this.original;
  }

  /** "Live page" on the copy, "RoadTrip's copy" on the live page; none where only one can show. */
  updateSwitch() {
    if (!this.switchItem) return;
    const live = this.home === this.original;
    this.switchItem.hidden = this.refusesFraming || this.instead || (live && !this.copy);
    this.switchItem.querySelector("button").textContent = live ? "RoadTrip's copy" : "Live page";
  }

  resetSteps() {
    this.steps = 0; // links followed from the first page, less those gone back
    this.returning = 0; // loads still to come from `history.back()`, which are no step
    this.lastStep = 0; // `frameSteps` when this frame last followed a link
    this.navigationsAtStep = appNavigations;
  }

  /** One step back, as the original's `goBack`: the frame's own previous history entry, or
   * its first page again when the app has added entries of its own since. */
  goBack() {
    if (this.atHome) return;
    if (this.navigationsAtStep !== appNavigations) {
      this.goHome();
      return;
    }
    this.steps -= 1;
    this.returning += 1;
    history.back();
    this.onChange(this);
  }

  /** Lets the frame load (it is on screen, or about to be turned to), with a spinner until it
   * has, and a failure after 15 s. */
  start() {
    // Without a network the page's own site cannot be reached: RoadTrip's copy, kept on this
    // device, shows instead, in a frame the service worker answers (`reload`).
    if (isOffline() && this.copy && !(this.onCopy && !this.iframe.hasAttribute("sandbox"))) {
      this.reload(this.copy);
      return;
    }
    if (this.started) return;
    this.started = true;
    if (!this.onCopy && (this.unreachable || (isOffline() && !this.copy))) {
      this.showInstead(this.unreachable ? unreachableMessage(this.unreachable, this.retryAt) : "You are offline, and this device has no copy of this page.");
      return;
    }
    if (this.copyStatus && !this.poll) askForCopy(this, Date.now() + COPY_POLL_LIMIT_MS);
    if (!this.home) return; // RoadTrip's placeholder until the server knows what there is
    if (this.iframe.loading === "lazy") this.iframe.loading = "eager";
    if (this.state !== "loading") return;
    this.showStatus("loading", "Loading…");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fail("This page did not load within 15 seconds."), LOAD_TIMEOUT_MS);
  }

  loaded() {
    clearTimeout(this.timer);
    this.loads += 1; // the first load is the page itself
    if (this.returning > 0) this.returning -= 1;
    else if (this.loads > 1 && followedByPerson(this.iframe)) {
      this.steps += 1;
      this.lastStep = ++frameSteps;
      this.navigationsAtStep = appNavigations;
    }
    if (this.instead || !this.home) return; // the browser's error page behind RoadTrip's message; the placeholder's blank
    this.state = "loaded";
    this.status.classList.remove("loading", "failed");
    this.onChange(this);
  }

  fail(message) {
    this.state = "failed";
    this.showStatus("failed", message);
    this.onChange(this);
  }

  /** RoadTrip's message in place of the page. Try again asks the server whether the site
   * answers now (offline: tries the page itself). */
  showInstead(message) {
    this.instead = true;
    this.retry = this.unreachable ? () => this.askAgain() : null;
    this.updateSwitch();
    this.fail(message);
  }

  askAgain() {
    this.showStatus("loading", "Asking again…");
    this.copyStatus = this.retryStatus;
    askForCopy(this, Date.now() + COPY_POLL_LIMIT_MS);
  }

  showStatus(kind, message) {
    const status = this.status;
    status.classList.remove("loading", "failed", "placeholder");
    status.querySelector(".status-site")?.remove();
    status.classList.add(kind);
    status.querySelector(".status-text").textContent = message;
    status.querySelector(".status-actions")?.remove();
    if (kind !== "failed") return;
    const actions = document.createElement("p");
    actions.className = "status-actions";
    const retry = button("Try again", "button retry", () => (this.retry ? this.retry() : this.reload(this.home)));
    const open = document.createElement("a");
    open.className = "open-original";
    open.href = this.original;
    open.target = "_blank";
    open.rel = "noopener noreferrer external";
    open.textContent = "Open in a new tab";
    actions.append(retry, open);
    if (this.copy && !this.onCopy) actions.append(button("Show RoadTrip's copy", "link-button show-copy", () => this.reload(this.copy)));
    status.append(actions);
  }

  /** A new frame in place of this one, so that no history entry is added and the count of
   * loads starts again (Try again, and "Back to Events"). */
  reload(url) {
    this.iframe.removeEventListener("load", this.onLoad);
    const fresh = this.iframe.cloneNode(false);
    this.sandbox ??= this.iframe.getAttribute("sandbox");
    // A frame sandboxed by its element is never answered by the service worker, so the copy
    // kept on this device could not show offline. The copy sandboxes itself: RoadTrip serves it
    // with a policy of `sandbox` and no script but the book's gesture, kept with it.
    if (url === this.copy && isOffline()) fresh.removeAttribute("sandbox");
    else if (this.sandbox !== null) fresh.setAttribute("sandbox", this.sandbox);
    fresh.src = url;
    this.iframe.replaceWith(fresh);
    this.iframe = fresh;
    this.home = url;
    this.instead = false;
    this.retry = null;
    this.loads = 0;
    this.resetSteps();
    this.state = "loading";
    this.started = false;
    this.iframe.addEventListener("load", this.onLoad);
    this.updateSwitch();
    this.start();
    this.onChange(this);
  }

  goHome() {
    this.reload(this.home);
  }

  destroy() {
    clearTimeout(this.poll);
    this.poll = -1;
    clearTimeout(this.timer);
    this.iframe.removeEventListener("load", this.onLoad);
  }
}

/** The Weather page: one web view. */
class WebView {
  constructor(section, { initial }) {
    this.back = new BackButton("Weather", () => this.frames);
    this.frames = [...section.querySelectorAll(".page-frame")].map(
      (element) => new WebFrame(element, { initial, onChange: () => this.back.update(this.frames) }),
    );
    this.frames.forEach((frame) => frame.start());
    this.back.update(this.frames);
  }

  destroy() {
    this.frames.forEach((frame) => frame.destroy());
    this.back.destroy();
  }
}

// --------------------------------------------------------------------------------------
// Mounting: on the first page, and again whenever app.js swaps in a new pane.

let mounted = [];

function mount({ initial }) {
  for (const view of mounted) view.destroy();
  mounted = [];
  for (const view of document.querySelectorAll("#detail .web-view")) mounted.push(new WebView(view, { initial }));
}

document.addEventListener("roadtrip:swap", () => mount({ initial: false }));
mount({ initial: true });
