// RoadTrip in the browser. The pages work without this file; with it, links inside the
// app swap the panes instead of loading a whole page, and the master list opens as an
// overlay in tablet portrait. Every screen keeps its own URL, so reload, Back and
// bookmarks land where they should.
//
// book.js (the Events book and the web views) listens for these events on `document`:
// `roadtrip:swap` after new panes are in; `roadtrip:popstate` (cancelable, detail.path)
// before Back/Forward fetches a page — the book cancels it when it can show that page
// itself. It sends `roadtrip:navigated` after adding a history entry of its own.

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
  if (matchMedia("(min-width: 700px) and (orientation: portrait)").matches) openMaster();
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
  body.dataset.screen = page.body.dataset.screen || "detail";
  replaceMaster(page.adoptNode(nextMaster), page.body.dataset.screen === "detail");
  const detail = document.getElementById("detail");
  detail.replaceWith(page.adoptNode(nextDetail));
  document.dispatchEvent(new CustomEvent("roadtrip:swap"));
  const pane = body.dataset.screen === "master" ? document.getElementById("master") : document.getElementById("detail");
  animate(pane, direction);
  closeMaster();
  if (body.dataset.screen === "detail") document.getElementById("detail").focus({ preventScroll: true });
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

// Popovers: on a tablet or wider, a link marked `popover-link` (Add vacation, Visit) opens its
// page's form in a dialog over the list instead of a screen of its own, as the original's
// popovers did. The form posts from there; a refusal (a blank name, a name that exists) is
// shown in the dialog, a success moves on to where the server sends it. On a phone the link
// is an ordinary link to the form's own screen.
const POPOVER_QUERY = "(min-width: 700px)";

async function openPopover(url, opener) {
  const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
  if (!response.ok) {
    location.assign(url);
    return;
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
  dialog.addEventListener("close", () => {
    dialog.remove();
    opener.focus();
  });
  fillPopover(content, await response.text(), dialog);
  dialog.showModal();
  content.querySelector("[autofocus], input:not([type=hidden]), button")?.focus();
}

function fillPopover(content, html, dialog) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const detail = page.getElementById("detail-content");
  content.replaceChildren(...(detail ? [...detail.childNodes].map((node) => document.adoptNode(node)) : []));
  // "Back" in an alert returns to the form inside the dialog; links back to the photo close it.
  content.querySelectorAll("a.alert-back").forEach((link) => link.addEventListener("click", async (event) => {
    event.preventDefault();
    const again = await fetch(link.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    fillPopover(content, await again.text(), dialog);
    content.querySelector("input:not([type=hidden])")?.focus();
  }));
  for (const form of content.querySelectorAll("form")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = new URLSearchParams(new FormData(form, event.submitter));
      const answer = await fetch(form.action, { method: "POST", body, credentials: "same-origin", headers: { Accept: "text/html" } });
      if (answer.redirected) {
        dialog.close();
        show(answer.url, { push: true, direction: "forward" });
        return;
      }
      fillPopover(content, await answer.text(), dialog);
      content.querySelector("[role=alert], [role=alertdialog] a, input[aria-invalid]")?.focus();
    });
  }
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a.popover-link");
  if (!link || !matchMedia(POPOVER_QUERY).matches || event.defaultPrevented) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  openPopover(link.href, link);
}, { capture: true });
