// Share… and Copy link, on Share… (its own screen or a popover). Where the browser has a share
// sheet (the Web Share API, as iOS's), Share… opens it with the new link and Copy link steps
// aside; otherwise the address goes to the clipboard where the page may use the Clipboard API (a
// secure context that allows it), and is selected in its field otherwise, ready for the person
// to copy. Without JavaScript neither button is shown (app.css) and the field is there to select.
// Times marked `time.local-time` (a link last opened, a track's) are written in the reader's own zone.
// app.js imports this module.

const canShare = () => typeof navigator.share === "function" && window.isSecureContext;

function offerSharing() {
  if (!canShare()) return;
  for (const share of document.querySelectorAll("button.share-sheet[hidden]")) {
    share.hidden = false;
    const copy = share.parentElement.querySelector("button.copy-link");
    if (copy) copy.hidden = true;
  }
}

/** "4 Dec 2026, 9:02 AM" in the reader's zone, for a time the server wrote in UTC ("9:02 AM"
 * alone for `data-format="time"`: a range's end on the day it began). */
function localTimes() {
  for (const time of document.querySelectorAll("time.local-time:not([data-local])")) {
    const when = new Date(time.getAttribute("datetime"));
    if (Number.isNaN(when.getTime())) continue;
    time.dataset.local = "true";
    const clock = { hour: "numeric", minute: "2-digit" };
    time.textContent = time.dataset.format === "time" ? when.toLocaleTimeString([], clock) : when.toLocaleString([], { day: "numeric", month: "short", year: "numeric", ...clock });
  }
}

function arrived() {
  offerSharing();
  localTimes();
}

document.addEventListener("roadtrip:swap", arrived);
document.addEventListener("roadtrip:popover", arrived);
arrived();

document.addEventListener("click", async (event) => {
  const button = event.target.closest?.("button.share-sheet");
  if (!button) return;
  try {
    await navigator.share({ title: button.dataset.title, url: button.dataset.share });
  } catch (error) {
    if (error?.name === "AbortError") return; // the person closed the sheet
    // No sheet after all (refused by the browser): Copy link in its place.
    button.hidden = true;
    const copy = button.parentElement.querySelector("button.copy-link");
    if (copy) copy.hidden = false;
  }
});

document.addEventListener("click", async (event) => {
  const button = event.target.closest?.("button.copy-link");
  if (!button) return;
  const field = button.closest(".new-link")?.querySelector("input.link-address");
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard here");
    await navigator.clipboard.writeText(button.dataset.copy);
    button.textContent = "Copied";
  } catch {
    field?.focus();
    field?.select();
    button.textContent = "Selected: copy it";
  }
});

// A tap in the field selects the whole address.
document.addEventListener("focusin", (event) => {
  if (event.target.matches?.("input.link-address")) event.target.select();
});
