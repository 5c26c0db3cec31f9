// A swipe anywhere on a page of the book that is RoadTrip's own document — a saved copy of an
// event page, a sample page. The page is a sandboxed frame, and a frame takes every touch
// over it, so the book (book-input.js) never sees them: this script tells it, by
// postMessage, of each press, its moves and its release, in the frame's own pixels.
//
// The server writes it into the page itself (not loaded from an address: a sandboxed frame
// has no origin for a service worker to answer offline), under a Content-Security-Policy that
// lets this script run by its SHA-256 and no other, the page's own scripts included.
// A tap is left alone: a link still follows. Once a press has moved past the slop it is the
// book's, and the click that ends it is swallowed. Sideways books let the page scroll up and
// down and take sideways drags; books that turn up and down take a drag only where the page
// cannot scroll further that way (so a long page scrolls first, then turns).
(() => {
  if (window.parent === window) return; // opened on its own: no book to tell
  const SLOP_PX = 8;
  const root = document.documentElement;
  let vertical = false;
  let press = null; // { id, x, y, claimed: the book's now, decided/turns: for a finger on an up-and-down book }
  // When, on the clock all frames share (each counts its time stamps from its own origin).
  const tell = (phase, event) =>
    window.parent.postMessage({ roadtripBook: phase, x: event.clientX, y: event.clientY, t: performance.timeOrigin + event.timeStamp }, "*");

  const setOrientation = (isVertical) => {
    vertical = isVertical;
    root.style.touchAction = vertical ? "" : "pan-y";
  };
  setOrientation(false);

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || typeof event.data?.roadtripBookVertical !== "boolean") return;
    setOrientation(event.data.roadtripBookVertical);
  });

  /** Whether the page is scrolled as far as it goes the way a drag of `moved` pixels would scroll it. */
  const atEnd = (moved) => {
    const scroller = document.scrollingElement ?? root;
    if (moved < 0) return scroller.scrollTop + innerHeight >= scroller.scrollHeight - 1;
    return scroller.scrollTop <= 0;
  };

  addEventListener("pointerdown", (event) => {
    if (!event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
    press = { id: event.pointerId, x: event.clientX, y: event.clientY, claimed: false, decided: false };
    tell("press", event);
  }, true);

  addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    if (!press.claimed) {
      const along = vertical ? event.clientY - press.y : event.clientX - press.x;
      const across = vertical ? event.clientX - press.x : event.clientY - press.y;
      if (Math.abs(along) < SLOP_PX || Math.abs(along) < Math.abs(across)) {
        tell("move", event);
        return;
      }
      press.claimed = true;
      root.style.userSelect = "none";
      getSelection()?.removeAllRanges();
      root.setPointerCapture?.(event.pointerId); // the moves keep coming when the mouse leaves the frame
    }
    tell("move", event);
  }, true);

  // A finger on a book that turns up and down: the page scrolls unless it is at its end that way.
  addEventListener("touchmove", (event) => {
    if (!vertical || !press || event.touches.length !== 1) return;
    const touch = event.touches[0];
    if (!press.decided) {
      const along = touch.clientY - press.y;
      if (Math.abs(along) < SLOP_PX) return;
      press.decided = true;
      press.turns = Math.abs(along) >= Math.abs(touch.clientX - press.x) && atEnd(along);
    }
    if (press.turns && event.cancelable) event.preventDefault();
  }, { capture: true, passive: false });

  const end = (phase) => (event) => {
    if (!press || event.pointerId !== press.id) return;
    const claimed = press.claimed;
    press = null;
    root.style.userSelect = "";
    tell(phase, event);
    if (!claimed) return;
    const swallow = (click) => {
      click.preventDefault();
      click.stopPropagation();
    };
    addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => removeEventListener("click", swallow, true), 0);
  };
  addEventListener("pointerup", end("release"), true);
  addEventListener("pointercancel", end("cancel"), true);
})();
