// A part of a screen that says how far something done in the background is (an import, a
// printed book): while it carries `data-refresh`, its page is read again every two seconds and
// the part replaced by the fresh part of the same id; once done, the fresh part no longer asks.
// app.js loads this module on those screens.

import { fetchDocument } from "./shared.js";

function follow(part) {
  if (part.dataset.following) return;
  part.dataset.following = "true";
  const again = async () => {
    if (!part.isConnected) return;
    try {
      const fresh = (await fetchDocument(part.dataset.refresh)).getElementById(part.id);
      if (fresh && part.isConnected) {
        part.replaceWith(document.adoptNode(fresh));
        part = fresh;
        if (!fresh.dataset.refresh) return;
        fresh.dataset.following = "true";
      }
    } catch {
      // asked again below
    }
    setTimeout(again, 2000);
  };
  setTimeout(again, 2000);
}

function setUp() {
  for (const part of document.querySelectorAll("[data-refresh][id]")) follow(part);
}

setUp();
document.addEventListener("roadtrip:swap", setUp);
