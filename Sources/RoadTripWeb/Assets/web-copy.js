// A web view's saved copy as the server tells of it (web-view.js's frames): asked again while
// it is being fetched, then shown in place of RoadTrip's placeholder — the copy or the live page
// (`WebFrame.preferred`), the page's line saying what there is — and RoadTrip's own message
// where the site answered nothing, with when RoadTrip asks it again in the reader's own time.

const COPY_POLL_MS = 500; // how often a page whose copy is being fetched asks the server again
export const COPY_POLL_LIMIT_MS = 120000; // the fetch itself gives up long before

/** RoadTrip's message for a site that answered nothing, with when RoadTrip asks it again in
 * the reader's own time ("RoadTrip will try again at 4:23 AM."); nothing of when once it is past. */
export function unreachableMessage(message, retryAt, now = Date.now()) {
  const when = retryAt ? new Date(retryAt) : null;
  if (!when || Number.isNaN(when.getTime()) || when.getTime() <= now) return message;
  return `${message} RoadTrip will try again at ${when.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })}.`;
}

/** Asks the server about the page's copy until it is saved or has failed. The frame cannot
 * tell that its site refuses to be framed (it is of another origin); the server read the
 * site's headers, so nothing is framed before it has: the page comes in place, no turn. */
export async function askForCopy(frame, until) {
  let answer = null;
  try {
    const response = await fetch(frame.copyStatus, { headers: { Accept: "application/json" } });
    if (response.ok) answer = await response.json();
  } catch {
    // offline for a moment: ask again
  }
  if (frame.poll === -1) return; // destroyed meanwhile
  if (answer?.state === "pending" || (answer === null && Date.now() < until)) {
    frame.poll = setTimeout(() => askForCopy(frame, until), COPY_POLL_MS);
    return;
  }
  frame.poll = 0;
  frame.copyStatus = "";
  showCopyState(frame, answer);
}

function showCopyState(frame, answer) {
  const note = frame.copyNote;
  if (answer?.state === "unreachable" && !frame.onCopy) {
    // Nothing answered the server either (a first look, or Try again): RoadTrip's message in
    // place of the placeholder or of whatever the frame shows.
    frame.unreachable = answer.reason;
    frame.retryAt = answer.retryAt || "";
    if (note) note.textContent = "The site could not be reached";
    frame.showInstead(unreachableMessage(frame.unreachable, frame.retryAt));
    return;
  }
  const waiting = frame.instead || !frame.home; // RoadTrip's message or placeholder: the page takes its place
  frame.unreachable = "";
  if (answer?.state === "saved") {
    frame.copy = answer.copy;
    frame.refusesFraming = answer.refusesFraming;
    if (note) note.textContent = `RoadTrip's copy of ${answer.madeAt}`;
  } else if (answer?.state === "failed") {
    note?.classList.add("failed");
    if (note) note.textContent = `RoadTrip has no copy of this page: ${answer.reason}`;
  } else {
    note?.remove(); // nothing under way any more (the cache was emptied), or no answer in time
  }
  if (waiting || (frame.refusesFraming && !frame.onCopy)) frame.reload(frame.preferred);
  else frame.updateSwitch();
}
