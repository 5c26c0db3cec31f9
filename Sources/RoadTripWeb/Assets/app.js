// RoadTrip in the browser. The pages work without this file; with it, links inside the
// app swap the panes instead of loading a whole page, and the master list opens as an
// overlay in tablet portrait. Every screen keeps its own URL, so reload, Back and
// bookmarks land where they should. What every page has besides comes in the modules it
// imports: use without a network (offline.js), tags and the heart changed in place (photo-tags.js,
// favorite.js), Copy link on Share… (copy-link.js) and the popovers of a tablet (popovers.js).
//
// The screens' own scripts (the book, the web views, the photo viewer, grids, uploads) are
// linked by the server on a page that shows such a screen, and imported by this one from a page
// whose panes it swaps in (`loadScreenScripts`).
// They listen for these events on `document`: `roadtrip:swap` after new panes are in;
// `roadtrip:popstate` (cancelable, detail.path) before Back/Forward fetches a page — the book
// cancels it when it can show that page itself. The book (a turn) and the timeline (a day
// scrolled to) send `roadtrip:navigated` after changing the address themselves (detail.replaced:
// in place, no entry of their own).

import { currentLayout, noteServed } from "./shared.js";
import "./offline.js";
import "./photo-tags.js";
import "./favorite.js";
import "./copy-link.js";
import "./tab-memory.js";
import { startCompletingForms } from "./completing-forms.js";
import { startPopovers } from "./popovers.js";

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

// A phone's navigation stack, as UINavigationController keeps it: a screen pushed from another
// remembers that one in its history entry (its address and title); its top bar's back button
// names it and pops back to it, through any entries the screen added meanwhile (a book's
// turns, links followed inside a web view), so the history holds one entry per screen on the
// stack. A screen opened at its own address has nothing under it: its back button goes up to
// the screen's parent in its place.
let popping = false;

function visibleTitle() {
  const title = body.dataset.screen === "master" ? document.querySelector("#master-bar .bar-title") : document.getElementById("detail-title");
  return title?.textContent.trim() || document.title;
}

function labelBack() {
  const from = history.state?.from;
  if (!from || !currentLayout().phone) return;
  for (const link of document.querySelectorAll("#detail header.bar a.back, #master-bar a.master-back")) {
    link.textContent = `‹ ${from.title}`;
    link.setAttribute("href", from.path);
  }
}

function popStack(parent) {
  const from = history.state?.from;
  if (!from) {
    show(parent, { replace: true, direction: "back" });
    return;
  }
  popping = true;
  // The Navigation API sees this document's entries: the nearest one of the screen underneath.
  const entries = window.navigation?.entries().slice(0, window.navigation.currentEntry.index) ?? [];
  const under = entries.reverse().find((entry) => {
    const url = new URL(entry.url);
    return url.pathname + url.search === from.path;
  });
  if (under) window.navigation.traverseTo(under.key);
  else history.back();
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
labelBack();
if (location.hash === "#master") {
  history.replaceState(history.state, "", location.pathname + location.search);
  if (currentLayout().overlay) openMaster();
}

// `answer`: the page, fetched already (a form's answer); else it is asked for.
async function show(url, { push, replace = false, direction, answer = null }) {
  let response = answer;
  try {
    response ??= await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
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
  if (push || replace) {
    // A screen pushed remembers the one it was pushed from (see `popStack`); one put in place
    // of another (Back at the bottom of the stack) takes over what was under that one.
    const state = push ? { roadtrip: true, from: { path: lastPath, title: visibleTitle() } } : { roadtrip: true, from: history.state?.from };
    history[push ? "pushState" : "replaceState"](state, "", response.url || url);
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
  // The app tab bar marks the half on screen (and, on a phone, shows on a half's first screen).
  const nextTabs = page.getElementById("app-tabs");
  if (nextTabs) document.getElementById("app-tabs")?.replaceWith(page.adoptNode(nextTabs));
  labelBack();
  document.dispatchEvent(new CustomEvent("roadtrip:swap"));
  loadScreenScripts(page);
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
  if (!pane || direction === "none") return; // the same page again (a popover's form saved): no slide
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
  // A screen that pages in place (the viewer's Previous and Next) takes this one's entry and
  // what was under it: Back still returns to the album it was opened from.
  if (link.dataset.navigation === "replace") {
    show(link.href, { replace: true, direction: link.rel === "prev" ? "back" : "forward" });
    return;
  }
  const back = link.classList.contains("back") || link.classList.contains("master-back");
  if (back && currentLayout().phone) popStack(link.href);
  else show(link.href, { push: true, direction: back ? "back" : "forward" });
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") closeMaster();
});

window.addEventListener("popstate", () => {
  const path = location.pathname + location.search;
  if (path === lastPath) return; // only the hash changed
  const direction = popping || path.split("/").length < lastPath.split("/").length ? "back" : "forward";
  popping = false;
  lastPath = path;
  const asked = new CustomEvent("roadtrip:popstate", { cancelable: true, detail: { path } });
  if (!document.dispatchEvent(asked)) return; // the book turned to that page itself
  show(location.href, { push: false, direction });
});

// The book's turns and the timeline's scrolling change the address in place.
document.addEventListener("roadtrip:navigated", () => {
  lastPath = location.pathname + location.search;
});

// Popovers (Add vacation, Visit) on a tablet or wider: where their forms lead is shown as a
// link followed here would be.
startPopovers(show);
startCompletingForms(show);

// The screens' own scripts. A screen that needs one says so (`data-script`), and the server
// links the scripts a page's screens asked for (ScreenScript, the one list of them): the first
// page's run as it loads; a page whose panes are swapped in has its linked scripts imported
// here. A script, once loaded, follows every later swap itself (`roadtrip:swap`), and importing
// it again does nothing.
function loadScreenScripts(page) {
  for (const script of page.querySelectorAll("head script[data-screen-script]")) {
    import(new URL(script.getAttribute("src"), location.href).href);
  }
}
