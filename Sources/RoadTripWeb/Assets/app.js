// RoadTrip in the browser. The pages work without this file; with it, links inside the
// app swap the panes instead of loading a whole page, and the master list opens as an
// overlay in tablet portrait. Every screen keeps its own URL, so reload, Back and
// bookmarks land where they should.
//
// The screens' own scripts (the book, the web views, the photo viewer, grids, uploads) are
// loaded by this one when a screen that needs them is on the page (`loadScreenScripts`).
// They listen for these events on `document`: `roadtrip:swap` after new panes are in;
// `roadtrip:popstate` (cancelable, detail.path) before Back/Forward fetches a page — the book
// cancels it when it can show that page itself. The book sends `roadtrip:navigated` after
// adding a history entry of its own.

import { currentLayout, noteServed } from "./shared.js";
import "./offline.js";

const body = document.body;
document.documentElement.classList.add("js");
// The path on screen, to tell a real navigation from a change of the hash alone.
let lastPath = location.pathname + location.search;

function isAppLink(link, event) {
  if (!link || event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.target && link.target !== "_self") return false;
  if (link.hasAttribute("download") || link.rel.split(" ").includes("external")) return false;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return false;
  return !(url.pathname === location.pathname && url.search === location.search && url.hash);
}

// The overlay master of tablet portrait.
function openMaster() {
  body.classList.add("master-open");
  const current = document.querySelector("#master [aria-current='page']") || document.querySelector("#master a.row");
  if (current) current.focus();
}

function closeMaster() {
  body.classList.remove("master-open");
}

// An address ending in #master (a bookmark, or the list opened before this script ran)
// opens the list the way this script does, so that closing it works the same.
if (location.hash === "#master") {
  history.replaceState(history.state, "", location.pathname + location.search);
  if (currentLayout().overlay) openMaster();
}

async function show(url, { push, direction }) {
  let response;
  try {
    response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
  } catch {
    location.assign(url); // Offline or refused: let the browser show what it can.
    return;
  }
  const type = response.headers.get("Content-Type") || "";
  if (!type.startsWith("text/html")) {
    location.assign(url);
    return;
  }
  noteServed(response);
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const nextDetail = page.getElementById("detail");
  const nextMaster = page.getElementById("master");
  if (!nextDetail || !nextMaster) {
    location.assign(url);
    return;
  }
  if (push) {
    history.pushState({ roadtrip: true }, "", response.url || url);
    lastPath = location.pathname + location.search;
  }
  document.title = page.title;
  // In the tablet-portrait overlay, going deeper into the list (a place's grid, a vacation's
  // menu, its itinerary) stays in the overlay, as in the original's popover; only a screen of
  // the detail (a photo, a destination) closes it.
  const staysInOverlay = body.classList.contains("master-open") && page.body.dataset.screen === "master";
  body.dataset.screen = page.body.dataset.screen || "detail";
  replaceMaster(page.adoptNode(nextMaster), page.body.dataset.screen === "detail");
  const detail = document.getElementById("detail");
  detail.replaceWith(page.adoptNode(nextDetail));
  document.dispatchEvent(new CustomEvent("roadtrip:swap"));
  loadScreenScripts();
  const pane = body.dataset.screen === "master" ? document.getElementById("master") : document.getElementById("detail");
  animate(pane, direction);
  if (staysInOverlay) {
    // The link followed is gone with the old list: the focus goes to the new one.
    const current = document.querySelector("#master [aria-current='page']") || document.querySelector("#master-content a, #master-content button");
    current?.focus({ preventScroll: true });
    return;
  }
  closeMaster();
  if (body.dataset.screen !== "detail") return;
  // A screen that asks for something (the name of a new vacation) has its field ready, as
  // `autofocus` does on a page load; any other screen takes the focus as a whole.
  const detailPane = document.getElementById("detail");
  (detailPane.querySelector("[autofocus]") || detailPane).focus({ preventScroll: true });
}

// The master column: its bar, tabs and list. A list that stays the same from page to page
// (a place's grid beside the photo it opens) is kept as it is when a photo of it opens,
// scrolled and with its further pages loaded; only the mark of the current item moves.
function replaceMaster(next, detailOnly) {
  const master = document.getElementById("master");
  const content = document.getElementById("master-content");
  const nextContent = next.querySelector("#master-content");
  const key = content.dataset.masterKey;
  master.setAttribute("aria-label", next.getAttribute("aria-label") || "");
  if (!(detailOnly && key && nextContent && key === nextContent.dataset.masterKey)) {
    master.replaceChildren(...next.childNodes);
    return;
  }
  // Kept in place, never detached: a detached list would lose its scroll position.
  const current = nextContent.querySelector("[aria-current='page']");
  content.querySelectorAll("[aria-current='page']").forEach((item) => item.removeAttribute("aria-current"));
  if (current) {
    const href = current.getAttribute("href");
    const same = [...content.querySelectorAll("a[href]")].find((item) => item.getAttribute("href") === href);
    if (same) same.setAttribute("aria-current", "page");
  }
  const before = [];
  const after = [];
  let seen = false;
  for (const node of [...next.childNodes]) {
    if (node === nextContent) seen = true;
    else (seen ? after : before).push(node);
  }
  [...master.childNodes].forEach((node) => { if (node !== content) node.remove(); });
  content.before(...before);
  content.after(...after);
}

function animate(pane, direction) {
  if (!pane) return;
  pane.classList.remove("pane-enter", "pane-enter-back");
  void pane.offsetWidth; // restart the animation
  pane.classList.add(direction === "back" ? "pane-enter-back" : "pane-enter");
  pane.addEventListener("animationend", () => pane.classList.remove("pane-enter", "pane-enter-back"), { once: true });
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a");
  if (!link) return;
  if (link.classList.contains("open-master")) {
    event.preventDefault();
    openMaster();
    return;
  }
  if (link.classList.contains("close-master") || link.classList.contains("backdrop")) {
    event.preventDefault();
    closeMaster();
    return;
  }
  if (!isAppLink(link, event)) return;
  event.preventDefault();
  const back = link.classList.contains("back");
  show(link.href, { push: true, direction: back ? "back" : "forward" });
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") closeMaster();
});

window.addEventListener("popstate", () => {
  const path = location.pathname + location.search;
  if (path === lastPath) return; // only the hash changed
  const direction = path.split("/").length < lastPath.split("/").length ? "back" : "forward";
  lastPath = path;
  const asked = new CustomEvent("roadtrip:popstate", { cancelable: true, detail: { path } });
  if (!document.dispatchEvent(asked)) return; // the book turned to that page itself
  show(location.href, { push: false, direction });
});

// The book's turns add history entries of their own.
document.addEventListener("roadtrip:navigated", () => {
  lastPath = location.pathname + location.search;
});

// A person's tags in the viewer's Info panel are added and removed in place: the panel stays
// open with the new tags in it and the field ready for the next, and the photo stays as it was
// zoomed. Without this script each post reloads the viewer with the panel closed.
document.addEventListener("submit", (event) => {
  const form = event.target;
  const tags = form instanceof HTMLFormElement ? form.closest(".photo-tags") : null;
  if (!tags || event.defaultPrevented || form.method !== "post") return;
  event.preventDefault();
  if (tags.dataset.busy) return; // one change at a time: a double click sends one
  tags.dataset.busy = "true";
  changeTags(form, tags, new URLSearchParams(new FormData(form, event.submitter))).finally(() => delete tags.dataset.busy);
});

async function changeTags(form, tags, body) {
  let answer;
  let html;
  try {
    answer = await fetchPage(form.action, { method: "POST", body });
    html = await answer.text();
  } catch {
    form.submit(); // offline: the browser says so
    return;
  }
  if (!answer.ok) {
    form.submit(); // refused (an expired form): the server's page says why; nothing was changed
    return;
  }
  const fresh = new DOMParser().parseFromString(html, "text/html").querySelector(".photo-tags");
  if (!fresh || !tags.isConnected) {
    location.assign(answer.url); // signed out meanwhile, or the viewer has moved on
    return;
  }
  tags.replaceWith(document.adoptNode(fresh));
  fresh.querySelector("input[name=add]")?.focus();
}

// Popovers: on a tablet or wider, a link marked `popover-link` (Add vacation, Visit) opens its
// page's form in a dialog over the list instead of a screen of its own, as the original's
// popovers did. The form posts from there; a refusal (a blank name, a name that exists) is
// shown in the dialog, a success moves on to where the server sends it. On a phone the link
// is an ordinary link to the form's own screen (a phone on its side too). One popover at a time,
// one post at a time: a double click opens one dialog and sends one form.
let popoverOpening = false;

async function fetchPage(url, options = {}) {
  return fetch(url, { ...options, credentials: "same-origin", headers: { Accept: "text/html" } });
}

async function openPopover(url, opener) {
  if (popoverOpening || document.querySelector("dialog.popover")) return;
  popoverOpening = true;
  let html;
  try {
    const response = await fetchPage(url);
    if (!response.ok) throw new Error(String(response.status));
    html = await response.text();
  } catch {
    location.assign(url); // the form's own screen says what went wrong
    return;
  } finally {
    popoverOpening = false;
  }
  const dialog = document.createElement("dialog");
  dialog.className = "popover";
  dialog.setAttribute("aria-label", opener.textContent.replace("…", "").trim());
  const close = document.createElement("button");
  close.type = "button";
  close.className = "link-button popover-close";
  close.textContent = "Cancel";
  close.addEventListener("click", () => dialog.close());
  const content = document.createElement("div");
  content.className = "popover-content";
  dialog.append(close, content);
  document.body.append(dialog);
  // Keys typed in the dialog are the dialog's: the page under it must not act on them too (an
  // arrow turning the photo behind a Visit list, Escape closing the list under Add vacation).
  // Escape still closes the dialog itself: that is its default action, not a listener's.
  dialog.addEventListener("keydown", (event) => event.stopPropagation());
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (opener.isConnected) opener.focus();
  });
  fillPopover(content, html, dialog);
  dialog.showModal();
  content.querySelector("[autofocus], input:not([type=hidden]), button")?.focus();
}

function fillPopover(content, html, dialog) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const detail = page.getElementById("detail-content");
  content.replaceChildren(...(detail ? [...detail.childNodes].map((node) => document.adoptNode(node)) : []));
  // "Back" in an alert returns to the form inside the dialog. Any other link closes it first: one
  // to the page under the dialog ("Back to the photo") only closes it, one elsewhere goes there.
  content.querySelectorAll("a[href]:not(.alert-back)").forEach((link) => link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(link.href, location.href);
    dialog.close();
    if (url.origin === location.origin && url.pathname === location.pathname && url.search === location.search) event.preventDefault();
  }));
  content.querySelectorAll("a.alert-back").forEach((link) => link.addEventListener("click", async (event) => {
    event.preventDefault();
    await answerInPopover(content, dialog, () => fetchPage(link.href), link.href);
    content.querySelector("input:not([type=hidden])")?.focus();
  }));
  for (const form of content.querySelectorAll("form")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = new URLSearchParams(new FormData(form, event.submitter));
      const shown = await answerInPopover(content, dialog, () => fetchPage(form.action, { method: "POST", body }), null, form);
      if (shown) content.querySelector("[role=alert], [role=alertdialog] a, input[aria-invalid]")?.focus();
    });
  }
}

/** Sends the dialog's request (one at a time); a redirect closes the dialog and shows where it
 * leads, any other answer (a refusal, an error page) fills the dialog. Offline, the browser
 * takes over: `form` is posted, or `url` opened, the ordinary way. True when the dialog shows
 * the answer. */
async function answerInPopover(content, dialog, send, url, form = null) {
  if (dialog.dataset.busy) return false;
  dialog.dataset.busy = "true";
  try {
    const answer = await send();
    if (answer.redirected) {
      dialog.close();
      show(answer.url, { push: true, direction: "forward" });
      return false;
    }
    fillPopover(content, await answer.text(), dialog);
    return true;
  } catch {
    if (form) form.submit();
    else location.assign(url);
    return false;
  } finally {
    delete dialog.dataset.busy;
  }
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a.popover-link");
  if (!link || currentLayout().phone || event.defaultPrevented) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  openPopover(link.href, link);
}, { capture: true });

// The screens' own scripts. A screen that needs one says so (`data-script`, as the server's
// ScreenScript names them): the server loads those of the first page, this those of the panes
// it swaps in. A script, once loaded, follows every later swap itself (`roadtrip:swap`), and
// loading it again does nothing.
const SCREEN_SCRIPTS = {
  book: () => import("./book.js"),
  "web-view": () => import("./web-view.js"),
  "photo-viewer": () => import("./photo-viewer.js"),
  "photo-grid": () => import("./photo-grid.js"),
  uploads: () => import("./uploads.js"),
  "photo-map": () => import("./photo-map.js"),
  "point-map": () => import("./point-map.js"),
};

function loadScreenScripts() {
  for (const element of document.querySelectorAll("[data-script]")) SCREEN_SCRIPTS[element.dataset.script]?.();
}
