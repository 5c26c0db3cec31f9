// The timeline (issue 37). Its pages work without this file; with it, the older pages load as
// they scroll into view (a day running on from one page to the next joins its section), the
// address follows the day at the top of the view, so that a reload or Back lands there, and
// the scrubber becomes a slider a finger drags (naming the month under it) and lets go of to
// jump there. app.js loads this module on a timeline page.

import { fetchDocument, loadWhenNear } from "./shared.js";

// The older pages: "Older photos" (or "More photos" without a date) is a link to the next page;
// when it comes near the view the page is fetched and its days appended.
function watchOlder(screen) {
  const more = screen.querySelector(".timeline-older");
  if (!more || more.dataset.ready) return;
  more.dataset.ready = "true";
  loadWhenNear(more, "a", "600px", (page) => {
    const incoming = page.querySelector("#detail .timeline");
    if (!incoming) throw new Error("no timeline");
    append(screen, incoming);
    const next = incoming.querySelector(".timeline-older a")?.getAttribute("href");
    if (!next) {
      const undated = incoming.querySelector(".timeline-undated-link");
      if (undated) more.replaceWith(document.adoptNode(undated));
      else more.remove();
    }
    return next;
  });
}

// The incoming page's months and days after those on screen; a day (or month) already there
// takes the incoming one's photos (or is not headed twice).
function append(screen, incoming) {
  const days = screen.querySelector(".timeline-days");
  if (!days) {
    // The photos without a date: one grid.
    const grid = screen.querySelector(".timeline-grid");
    for (const item of incoming.querySelectorAll(".timeline-grid > li")) grid.append(document.adoptNode(item));
    return;
  }
  const before = days.querySelector(".timeline-older") || null;
  for (const part of incoming.querySelectorAll(".timeline-days > .timeline-month, .timeline-days > .timeline-day")) {
    const sections = days.querySelectorAll(".timeline-day");
    const last = sections[sections.length - 1];
    if (part.classList.contains("timeline-day") && last && last.dataset.day === part.dataset.day) {
      last.querySelector(".timeline-grid").append(...[...part.querySelectorAll(".timeline-grid > li")].map((item) => document.adoptNode(item)));
      continue;
    }
    if (part.classList.contains("timeline-month") && days.querySelector(`.timeline-month[data-month="${part.dataset.month}"]`)) continue;
    days.insertBefore(document.adoptNode(part), before);
  }
}

// The address follows the first day in view (`/timeline/2008-10-18`), in place of the entry
// on screen: Back still goes where it went, and a reload opens the timeline at that day.
function followPosition(screen) {
  const pane = screen.closest(".pane-content");
  if (!pane || !screen.querySelector(".timeline-days") || pane.dataset.timelineFollowed) return;
  pane.dataset.timelineFollowed = "true";
  let pending = false;
  pane.addEventListener("scroll", () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      const current = pane.querySelector(".timeline");
      if (!current || pane.scrollTop < 40 || pane.dataset.scrubbing) return;
      const top = pane.getBoundingClientRect().top;
      const day = [...current.querySelectorAll(".timeline-day")].find((section) => section.getBoundingClientRect().bottom > top + 8);
      if (!day) return;
      const path = `/timeline/${day.dataset.day}`;
      if (location.pathname + location.search === path) return;
      history.replaceState(history.state, "", path);
      document.dispatchEvent(new CustomEvent("roadtrip:navigated", { detail: { replaced: true } }));
    });
  }, { passive: true });
}

const REST_MS = 120; // a finger resting this long on a month not on the page fetches it

// The scrubber, a slider along the side (as iOS Photos' is): every month with photos a tick on
// it. Without JavaScript its years are links; here the rail is one control a finger presses,
// drags and lets go of — the month under the finger named in a bubble beside it, and the days
// scrolled to it live (fetched when not on the page) — or the arrow keys move along (Enter jumps). The
// jump follows the month's address in place of the entry on screen (app.js), as scrolling there
// would: the timeline is a tab's first screen, and Back leaves the tab, not the jump. Years are named down the rail only where they fit: one that would touch the year above
// it is left out, as iOS Photos drops years on a short rail.
function watchScrubber(screen) {
  const rail = screen.querySelector(".timeline-scrubber");
  if (!rail || rail.dataset.ready) return;
  rail.dataset.ready = "true";
  const links = [...rail.querySelectorAll("li.scrubber-month > a")];
  if (links.length === 0) return;
  // The months become ticks of the one control: a finger's target is the rail, not a tick.
  const ticks = links.map((link) => {
    const tick = document.createElement("span");
    tick.className = "scrubber-tick";
    tick.dataset.href = link.getAttribute("href");
    tick.dataset.label = link.dataset.label;
    if (link.getAttribute("aria-current") === "true") tick.classList.add("current");
    tick.append(...link.childNodes);
    link.replaceWith(tick);
    return tick;
  });
  const years = [...rail.querySelectorAll(".scrubber-year")];
  const fitYears = () => {
    let bottom = -Infinity;
    for (const year of years) {
      year.classList.remove("crowded");
      const box = year.getBoundingClientRect();
      if (box.top < bottom + 2) year.classList.add("crowded");
      else bottom = box.bottom;
    }
  };
  fitYears();
  new ResizeObserver(() => { if (rail.isConnected) fitYears(); }).observe(rail);
  const pane = screen.closest(".pane-content");
  // The days follow the finger: to the month under it where it is on the page (its header);
  // one not loaded yet is fetched once the finger rests on it and its days put in place of
  // those shown (the address still waits for the finger to let go, and the jump then).
  let resting = 0;
  let fetching = "";
  const scrollToMonth = (tick) => {
    const header = screen.querySelector(`.timeline-month[data-month="${tick.dataset.href.split("/").pop()}"]`);
    if (!pane) return;
    clearTimeout(resting);
    if (header) pane.scrollTop += header.getBoundingClientRect().top - pane.getBoundingClientRect().top;
    else resting = setTimeout(() => loadMonth(tick), REST_MS);
  };
  const loadMonth = async (tick) => {
    const href = tick.dataset.href;
    if (fetching === href) return;
    fetching = href;
    try {
      const page = await fetchDocument(href);
      const incoming = page.querySelector("#detail .timeline-days");
      const days = screen.querySelector(".timeline-days");
      if (fetching !== href || pointer === null || !incoming || !days) return; // the finger moved on, or let go
      days.replaceWith(document.adoptNode(incoming));
      scrollToMonth(tick);
    } catch {
      // the jump, when the finger lets go, loads it the plain way
    }
  };
  const bubble = document.createElement("div");
  bubble.className = "scrubber-bubble";
  bubble.setAttribute("aria-hidden", "true");
  rail.append(bubble);
  let index = Math.max(0, ticks.findIndex((tick) => tick.classList.contains("current")));
  rail.setAttribute("role", "slider");
  rail.tabIndex = 0;
  rail.setAttribute("aria-orientation", "vertical");
  rail.setAttribute("aria-valuemin", "1");
  rail.setAttribute("aria-valuemax", String(ticks.length));

  const show = (at, named) => {
    index = Math.max(0, Math.min(at, ticks.length - 1));
    const tick = ticks[index];
    rail.setAttribute("aria-valuenow", String(index + 1));
    rail.setAttribute("aria-valuetext", tick.dataset.label);
    for (const each of ticks) each.classList.toggle("under-finger", each === tick);
    if (!named) return;
    bubble.textContent = tick.dataset.label;
    const box = rail.getBoundingClientRect();
    const mark = tick.parentElement.getBoundingClientRect();
    bubble.style.top = `${mark.top + mark.height / 2 - box.top}px`;
    rail.classList.add("scrubbing");
    if (pointer !== null) {
      if (pane) pane.dataset.scrubbing = "true"; // the address stays until the jump (followPosition)
      scrollToMonth(tick);
    }
  };
  // `leaving`: the jump's page takes the pane's place, which keeps the address as it was till then.
  const hide = (leaving = false) => {
    rail.classList.remove("scrubbing");
    if (pane && !leaving) delete pane.dataset.scrubbing;
    for (const each of ticks) each.classList.remove("under-finger");
  };
  const jump = () => {
    hide(true);
    const link = document.createElement("a");
    link.href = ticks[index].dataset.href;
    link.dataset.navigation = "replace"; // a jump moves the tab's view, as scrolling does
    link.hidden = true;
    rail.append(link);
    link.click();
    link.remove();
  };
  const under = (y) => {
    const found = ticks.findIndex((tick) => y < tick.parentElement.getBoundingClientRect().bottom);
    return found < 0 ? ticks.length - 1 : found;
  };
  let pointer = null;
  show(index, false);
  hide();

  rail.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    pointer = event.pointerId;
    rail.setPointerCapture(event.pointerId);
    show(under(event.clientY), true);
  });
  rail.addEventListener("pointermove", (event) => {
    if (event.pointerId === pointer) show(under(event.clientY), true);
  });
  rail.addEventListener("pointerup", (event) => {
    if (event.pointerId !== pointer) return;
    pointer = null;
    clearTimeout(resting);
    fetching = "";
    jump();
  });
  rail.addEventListener("pointercancel", () => {
    pointer = null;
    clearTimeout(resting);
    fetching = "";
    hide();
  });
  const steps = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, PageDown: 12, PageUp: -12 };
  rail.addEventListener("keydown", (event) => {
    if (event.key in steps) show(index + steps[event.key], true);
    else if (event.key === "Home") show(0, true);
    else if (event.key === "End") show(ticks.length - 1, true);
    else if (event.key === "Enter" || event.key === " ") jump();
    else if (event.key === "Escape") hide();
    else return;
    event.preventDefault();
  });
  rail.addEventListener("blur", () => hide());
}

function setUp() {
  for (const screen of document.querySelectorAll(".timeline")) {
    watchOlder(screen);
    watchScrubber(screen);
    followPosition(screen);
  }
}

document.addEventListener("roadtrip:swap", setUp);
setUp();
