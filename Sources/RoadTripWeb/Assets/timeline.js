// The timeline (issue 37). Its pages work without this file; with it, the older pages load as
// they scroll into view (a day running on from one page to the next joins its section), the
// address follows the day at the top of the view, so that a reload or Back lands there, and
// the scrubber follows a finger: dragged along, it names the month under the finger and jumps
// there when let go; tapped, it is the link it is. app.js loads this module on a timeline page.

// The older pages: "Older photos" (or "More photos" without a date) is a link to the next page;
// when it comes near the view the page is fetched and its days appended.
function watchOlder(screen) {
  const more = screen.querySelector(".timeline-older");
  if (!more || more.dataset.ready) return;
  more.dataset.ready = "true";
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) loadOlder(screen, more, observer);
  }, { root: screen.closest(".pane-content"), rootMargin: "600px" });
  observer.observe(more);
}

async function loadOlder(screen, more, observer) {
  const link = more.querySelector("a");
  if (!link || more.classList.contains("loading")) return;
  more.classList.add("loading");
  try {
    const response = await fetch(link.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(String(response.status));
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const incoming = page.querySelector("#detail .timeline");
    if (!incoming) throw new Error("no timeline");
    append(screen, incoming);
    const next = incoming.querySelector(".timeline-older a");
    const undated = incoming.querySelector(".timeline-undated-link");
    if (next) {
      link.href = next.getAttribute("href");
      observer.unobserve(more);
      observer.observe(more);
    } else {
      observer.disconnect();
      if (undated) more.replaceWith(document.adoptNode(undated));
      else more.remove();
    }
  } catch {
    // The link stays: a tap on it loads the page the plain way.
  } finally {
    more.classList.remove("loading");
  }
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
      if (!current || pane.scrollTop < 40) return;
      const top = pane.getBoundingClientRect().top;
      const day = [...current.querySelectorAll(".timeline-day")].find((section) => section.getBoundingClientRect().bottom > top + 8);
      if (!day) return;
      const path = `/timeline/${day.dataset.day}`;
      if (location.pathname + location.search === path) return;
      history.replaceState(history.state, "", path);
      document.dispatchEvent(new CustomEvent("roadtrip:navigated"));
    });
  }, { passive: true });
}

// The scrubber under a finger: the month under it named in a bubble beside it; let go, the
// timeline opens there (the month's link followed, so the jump is an entry of its own, which
// Back leaves). A tap without a drag is the link's own click.
function watchScrubber(screen) {
  const rail = screen.querySelector(".timeline-scrubber");
  if (!rail || rail.dataset.ready) return;
  rail.dataset.ready = "true";
  const links = [...rail.querySelectorAll("a")];
  if (links.length === 0) return;
  const bubble = document.createElement("div");
  bubble.className = "scrubber-bubble";
  bubble.setAttribute("aria-hidden", "true");
  rail.append(bubble);
  let pointer = null;
  let startY = 0;
  let moved = false;
  let chosen = null;
  let swallowClick = false;

  const under = (y) => links.find((link) => y < link.parentElement.getBoundingClientRect().bottom) || links[links.length - 1];
  const show = (y) => {
    chosen = under(y);
    bubble.textContent = chosen.dataset.label || chosen.textContent;
    const box = rail.getBoundingClientRect();
    bubble.style.top = `${Math.max(0, Math.min(y - box.top, box.height)) }px`;
    rail.classList.add("scrubbing");
    for (const link of links) link.classList.toggle("under-finger", link === chosen);
  };
  const end = () => {
    pointer = null;
    rail.classList.remove("scrubbing");
    for (const link of links) link.classList.remove("under-finger");
  };

  rail.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    pointer = event.pointerId;
    startY = event.clientY;
    moved = false;
    rail.setPointerCapture(event.pointerId);
    show(event.clientY);
  });
  rail.addEventListener("pointermove", (event) => {
    if (event.pointerId !== pointer) return;
    if (Math.abs(event.clientY - startY) > 6) moved = true;
    show(event.clientY);
  });
  rail.addEventListener("pointerup", (event) => {
    if (event.pointerId !== pointer) return;
    const target = chosen;
    end();
    if (!moved || !target) return;
    // The click the browser sends after this drag is not a tap on a month.
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 400);
    target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
  });
  rail.addEventListener("pointercancel", end);
  rail.addEventListener("click", (event) => {
    if (swallowClick && event.isTrusted) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);
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
