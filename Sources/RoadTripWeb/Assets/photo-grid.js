// A photo grid: its further pages loaded as they scroll into view, and, beside the viewer,
// the cell of the photo on screen marked and kept in view. app.js loads this module on a page
// with a grid.

import { loadWhenNear } from "./shared.js";

// A grid's further pages: "More photos" is a link to the next page; when it scrolls into
// view the page is fetched and its photos appended, and the link moves on.
function watchGrid(more) {
  loadWhenNear(more, "a.more-photos", "400px", (page) => {
    const grid = more.parentElement.querySelector(".photo-grid");
    grid.append(...[...page.querySelectorAll("#master-content .photo-grid > li")].map((item) => document.adoptNode(item)));
    const next = page.querySelector("#master-content .grid-more a.more-photos")?.getAttribute("href");
    if (!next) more.remove();
    return next;
  });
}

// The grid beside the viewer marks the photo on screen. The server marks it only among the
// grid's first page; the pages this script appended are marked here, and the cell is kept in
// view as the arrows and swipes move through the place.
function markOpenPhoto() {
  const viewer = document.querySelector(".photo-viewer");
  const grid = document.querySelector("#master-content .photo-grid");
  if (!viewer || !grid) return;
  let current = null;
  for (const cell of grid.querySelectorAll("a.photo-cell")) {
    if (cell.dataset.photoId === viewer.dataset.photoId) {
      cell.setAttribute("aria-current", "page");
      current = cell;
    } else {
      cell.removeAttribute("aria-current");
    }
  }
  if (current && current.offsetParent) current.scrollIntoView({ block: "nearest" });
}

// Choosing photos to place together (issue 36): "Select" turns the grid into a select mode,
// as Photos does: a tap (or Space, or Enter) on a photo toggles it, a shift-click selects the
// run from the last one chosen, a ctrl- or cmd-click toggles one without entering the mode
// first. Each action sends the chosen ones, as one list: "Place N…" to the placing screen,
// "Add N to vacation…" to the vacations to choose from, a vacation's "Make a book of N…" to
// its book's choices; "Cancel" leaves.
function watchSelection(screen) {
  const form = screen.querySelector("form.grid-select");
  const grid = screen.querySelector(".photo-grid");
  if (!form || !grid) return;
  const count = form.querySelector(".selected-count");
  const actions = [...form.querySelectorAll("button.chosen-action")];
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "button select-toggle";
  form.prepend(toggle);
  let anchor = null;
  const boxes = () => [...grid.querySelectorAll("input.select-photo")];
  const refresh = () => {
    const selecting = screen.classList.contains("selecting");
    const chosen = boxes().filter((box) => box.checked);
    toggle.textContent = selecting ? "Cancel" : "Select";
    toggle.setAttribute("aria-pressed", String(selecting));
    count.textContent = selecting ? (chosen.length === 1 ? "1 photo selected" : `${chosen.length} photos selected`) : "";
    for (const action of actions) {
      action.textContent = chosen.length ? action.dataset.chosen.replace("{n}", String(chosen.length)) : action.dataset.none;
      action.disabled = chosen.length === 0;
    }
    for (const box of boxes()) box.closest("li").classList.toggle("chosen", box.checked);
  };
  const choose = (cell, event) => {
    const box = cell.closest("li")?.querySelector("input.select-photo");
    if (!box) return;
    const all = boxes();
    if (event.shiftKey && anchor && all.includes(anchor)) {
      const [from, to] = [all.indexOf(anchor), all.indexOf(box)].sort((a, b) => a - b);
      for (const other of all.slice(from, to + 1)) other.checked = anchor.checked;
    } else {
      box.checked = !box.checked;
      anchor = box;
    }
    refresh();
  };
  toggle.addEventListener("click", () => {
    const selecting = !screen.classList.contains("selecting");
    screen.classList.toggle("selecting", selecting);
    if (!selecting) for (const box of boxes()) box.checked = false;
    refresh();
  });
  grid.addEventListener("click", (event) => {
    const cell = event.target.closest("a.photo-cell");
    if (!cell) return;
    const selecting = screen.classList.contains("selecting");
    if (!selecting && !(event.ctrlKey || event.metaKey || event.shiftKey)) return;
    event.preventDefault();
    event.stopPropagation();
    screen.classList.add("selecting");
    choose(cell, event);
  }, true);
  grid.addEventListener("keydown", (event) => {
    const cell = event.target.closest("a.photo-cell");
    if (!cell || !screen.classList.contains("selecting") || (event.key !== " " && event.key !== "Enter")) return;
    event.preventDefault();
    choose(cell, event);
  });
  grid.addEventListener("change", refresh);
  // One field for the lot: a grid of hundreds sends one list, not a field each.
  form.addEventListener("submit", (event) => {
    const chosen = boxes().filter((box) => box.checked).map((box) => box.value);
    if (chosen.length === 0) { event.preventDefault(); return; }
    for (const box of boxes()) box.disabled = true;
    const list = document.createElement("input");
    list.type = "hidden";
    list.name = "photos";
    list.value = chosen.join(",");
    form.append(list);
  });
  refresh();
}

function setUp() {
  for (const more of document.querySelectorAll(".grid-more:not([data-ready])")) {
    more.dataset.ready = "true";
    watchGrid(more);
  }
  for (const screen of document.querySelectorAll(".photo-grid-screen:not([data-selectable])")) {
    screen.dataset.selectable = "true";
    watchSelection(screen);
  }
  markOpenPhoto();
}

document.addEventListener("roadtrip:swap", setUp);
setUp();
