// A photo grid: its further pages loaded as they scroll into view, and, beside the viewer,
// the cell of the photo on screen marked and kept in view. app.js loads this module on a page
// with a grid.

// A grid's further pages: "More photos" is a link to the next page; when it scrolls into
// view the page is fetched and its photos appended, and the link moves on.
function watchGrid(more) {
  const pane = more.closest(".pane-content");
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) loadMore(more, observer);
  }, { root: pane, rootMargin: "400px" });
  observer.observe(more);
}

async function loadMore(more, observer) {
  const link = more.querySelector("a.more-photos");
  if (!link || more.classList.contains("loading")) return;
  more.classList.add("loading");
  try {
    const response = await fetch(link.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(String(response.status));
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const grid = more.parentElement.querySelector(".photo-grid");
    const items = page.querySelectorAll("#master-content .photo-grid > li");
    grid.append(...[...items].map((item) => document.adoptNode(item)));
    const next = page.querySelector("#master-content .grid-more a.more-photos");
    if (next) {
      link.href = next.getAttribute("href");
      // Observed afresh: if the link is still near the view (a tall screen, a short page),
      // the observer says so again and the next page follows.
      observer.unobserve(more);
      observer.observe(more);
    } else {
      observer.disconnect();
      more.remove();
    }
  } catch {
    // The link stays: a tap on it loads the page the plain way.
  } finally {
    more.classList.remove("loading");
  }
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

function setUp() {
  for (const more of document.querySelectorAll(".grid-more:not([data-ready])")) {
    more.dataset.ready = "true";
    watchGrid(more);
  }
  markOpenPhoto();
}

document.addEventListener("roadtrip:swap", setUp);
setUp();
