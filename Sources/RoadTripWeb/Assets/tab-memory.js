// Tabs that keep their place, as iOS tab bars do: each app tab (RoadTrip, Photos, the account)
// and each photo tab (Places, Timeline, Recents, Vacations, Map) remembers the screen it was last
// on, for this tab of the browser (sessionStorage), and a tap on it returns there; a tap on the
// tab already current goes to its first screen, as iOS pops a tab's stack to its root.

// Per signed-in account (its key on this device): another account signed in on the same tab
// starts at the first screens.
const STORE = `roadtrip:tab-places:${document.body.dataset.account ?? ""}`;
const TABS = "#app-tabs a.app-tab, .tab-bar a.tab";

function kept() {
  try {
    const places = JSON.parse(sessionStorage.getItem(STORE) ?? "{}");
    return places && typeof places === "object" ? places : {};
  } catch {
    return {};
  }
}

/** A tab's key: which bar, and its first screen's address. */
function keyOf(link) {
  return `${link.classList.contains("app-tab") ? "app" : "photos"} ${link.getAttribute("href")}`;
}

/** The screen on show is the place of the tabs marked current (the server marks them). */
function remember() {
  const places = kept();
  for (const link of document.querySelectorAll('#app-tabs a[aria-current="page"], #tab-bar a[aria-current="page"]')) {
    places[keyOf(link)] = location.pathname + location.search;
  }
  try {
    sessionStorage.setItem(STORE, JSON.stringify(places));
  } catch {
    // storage refused (a private window's quota): tabs open at their first screen
  }
}

// Before app.js follows the link (capture): it follows where the tab was left, just this once.
document.addEventListener(
  "click",
  (event) => {
    const link = event.target instanceof Element ? event.target.closest(TABS) : null;
    if (!link || link.getAttribute("aria-current") === "page") return;
    const place = kept()[keyOf(link)];
    if (typeof place !== "string" || !place.startsWith("/") || place.startsWith("//")) return;
    const first = link.getAttribute("href");
    link.setAttribute("href", place);
    setTimeout(() => link.setAttribute("href", first));
  },
  true,
);

// After the address has changed: a screen swapped in, or one changing its address in place.
document.addEventListener("roadtrip:swap", () => setTimeout(remember));
document.addEventListener("roadtrip:navigated", () => setTimeout(remember));
remember();
