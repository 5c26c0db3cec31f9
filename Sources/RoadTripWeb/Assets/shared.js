// What several of RoadTrip's scripts need: the layout app.css chose, whether RoadTrip answers,
// the addresses the page gives, asking for a page, small arithmetic and a button.

export const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

/** An address the page gives its scripts (its body's `data-addresses`, rendered from RoadTrip's
 * routes, so that no script writes one): `serviceWorker`, `formToken`, `newVacation`. */
export function address(name) {
  const given = JSON.parse(document.body.dataset.addresses || "{}")[name];
  if (typeof given !== "string") throw new Error(`the page gives no address ${name}`);
  return given;
}

/** A page of RoadTrip asked as a page is (HTML, with the session's cookie). */
export function fetchPage(url, options = {}) {
  return fetch(url, { ...options, credentials: "same-origin", headers: { Accept: "text/html" } });
}

/** A page of RoadTrip read into a document of its own (for its parts); throws when it is not answered 200. */
export async function fetchDocument(url) {
  const response = await fetchPage(url);
  if (!response.ok) throw new Error(String(response.status));
  return new DOMParser().parseFromString(await response.text(), "text/html");
}

/**
 * A list's further pages, loaded as they come near the view: `more` holds the link to the next
 * page (`linkSelector`); when it is within `margin` of its pane's view the page is fetched and
 * handed to `append`, which adds its items and answers the address of the page after it, or
 * nothing at the end (having put away `more` as its list ends). A page that fails leaves the
 * link: a tap on it loads the page the plain way.
 */
export function loadWhenNear(more, linkSelector, margin, append) {
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) loadNext();
  }, { root: more.closest(".pane-content"), rootMargin: margin });
  async function loadNext() {
    const link = more.querySelector(linkSelector);
    if (!link || more.classList.contains("loading")) return;
    more.classList.add("loading");
    try {
      const following = append(await fetchDocument(link.href));
      if (following) {
        link.href = following;
        // Observed afresh: if the link is still near the view (a tall screen, a short page),
        // the observer says so again and the next page follows.
        observer.unobserve(more);
        observer.observe(more);
      } else {
        observer.disconnect();
      }
    } catch {
      // The link stays.
    } finally {
      more.classList.remove("loading");
    }
  }
  observer.observe(more);
}

/** A button that does `action` when pressed. */
export function button(text, className, action) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = className;
  element.textContent = text;
  element.addEventListener("click", action);
  return element;
}

/** The layout app.css's media queries chose for this window, read from the custom properties
 * they set (`--layout-phone`, `--layout-spread`, `--layout-overlay`): the breakpoints are
 * written there and nowhere else. `phone`: one pane at a time (narrow, or short: a phone on its
 * side); `spread`: the book shows two pages; `overlay`: tablet portrait, the list opens over
 * the detail. */
export function currentLayout() {
  const style = getComputedStyle(document.documentElement);
  const set = (name) => style.getPropertyValue(`--layout-${name}`).trim() === "1";
  return { phone: set("phone"), spread: set("spread"), overlay: set("overlay") };
}

/** Calls `changed` when the window crosses one of app.css's breakpoints; returns what stops it. */
export function watchLayout(changed) {
  let last = JSON.stringify(currentLayout());
  const listener = () => {
    const now = JSON.stringify(currentLayout());
    if (now === last) return;
    last = now;
    changed();
  };
  window.addEventListener("resize", listener);
  return () => window.removeEventListener("resize", listener);
}

/** Whether RoadTrip answers: set false when a page or pane came from what this device keeps
 * (the service worker marks those) or the service worker found no network, true when it
 * reached RoadTrip again. network-status.js shows it; web-view.js shows saved copies while offline. */
export function setNetwork(online) {
  const state = online ? "online" : "offline";
  if (document.documentElement.dataset.network === state) return;
  document.documentElement.dataset.network = state;
  document.dispatchEvent(new CustomEvent("roadtrip:network", { detail: { online } }));
}

export const isOffline = () => document.documentElement.dataset.network === "offline";

/** A fetched page or pane that came from what this device keeps means RoadTrip is not answering. */
export function noteServed(response) {
  if (response.headers.get("RoadTrip-Kept")) setNetwork(false);
}
