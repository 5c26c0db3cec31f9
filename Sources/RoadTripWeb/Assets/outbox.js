// The outbox: changes made while RoadTrip cannot be reached (Visit, Unvisit, a tag, a new
// vacation). The service worker puts each in IndexedDB in the order made (`sendOrQueue`); this
// sends them, in that order, once RoadTrip answers again, each with a fresh form token.
//
// A form that may wait says what its change is called (`data-offline-note`, `{}` standing for
// the name typed or chosen) and where to go back to (`data-offline-back`); this adds both to
// the form as it is posted, and the service worker keeps them beside the change.

import { address, isOffline, setNetwork } from "./shared.js";
import { allOf, keptSets, store } from "./kept-store.js";
import { showNetworkStatus } from "./network-status.js";

// Visit and Unvisit (`/photos/{id}/visit`, `/flickr/photos/{id}/unvisit`): addresses with a slot,
// told by how they end.
const UNVISIT = "/unvisit";
const CHOICES = "#detail a[href$='/visit'], #detail a[href$='/unvisit']";

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.offlineNote) return;
  const submitter = event.submitter;
  const typed = form.querySelector("input[type=text]")?.value.trim();
  const target = submitter?.dataset.offlineTarget || typed || "";
  const note = form.dataset.offlineNote.replace("{}", target);
  for (const [name, value] of [["offline-note", note], ["offline-back", form.dataset.offlineBack || location.pathname]]) {
    let field = form.querySelector(`input[name="${name}"]`);
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = name;
      form.append(field);
    }
    field.value = value;
  }
}, { capture: true });

/** The reason a refused change gives: the page's alert, without its status code. */
function reasonIn(html, status) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const alert = page.querySelector("#detail [role=alert], #detail [role=alertdialog]");
  const paragraph = alert?.querySelector("p:not(.status-code)");
  const text = (paragraph || alert)?.textContent.trim();
  return text || `RoadTrip answered ${status}.`;
}

/** A change sent before whose answer never came, refused now only because it did arrive then:
 * the vacation it added exists (409), the photo it removed is in that vacation no more (404).
 * Every other change is a set change (a photo in a vacation, a tag on a photo) that RoadTrip
 * takes again without changing anything. */
function arrivedBefore(change, answer) {
  return (answer.status === 409 && change.url === address("newVacation")) || (answer.status === 404 && change.url.endsWith(UNVISIT));
}

/** The session's form token as it is now; null when signed out meanwhile. Throws while RoadTrip
 * does not answer. */
async function freshFormToken() {
  const answer = await fetch(address("formToken"), { headers: { Accept: "application/json" }, credentials: "same-origin" });
  return answer.ok ? (await answer.json()).csrf : null;
}

let sending = false;

/** Sends the changes of `account` waiting, oldest first, each with the session's form token as
 * it is now; one tab at a time (a lock), one change at a time. A change RoadTrip takes is removed;
 * one it refuses is removed and reported; one that meets no network stays, and so do those after it. */
export async function sendChanges(account) {
  if (sending || isOffline() || !account) return;
  sending = true;
  try {
    await navigator.locks.request("roadtrip-changes", async () => {
      const changes = await allOf("changes", account);
      if (!changes.length) return;
      let token;
      try {
        token = await freshFormToken();
      } catch {
        return; // not answering yet
      }
      if (!token) return; // signed out meanwhile: the server emptied this browser's storage
      for (const change of changes) {
        if (!(await send(change, token, account))) return;
        await showNetworkStatus();
      }
    });
  } finally {
    sending = false;
    showNetworkStatus();
  }
}

/** One change sent and taken out of the outbox, reported when refused; false when it met no
 * network (it stays). */
async function send(change, token, account) {
  const body = new URLSearchParams(change.fields);
  body.set("csrf", token);
  // Marked before it goes: if its answer is lost, the next try knows it may have arrived.
  const retried = change.sent === true;
  if (!retried) await store("changes", "readwrite", (records) => records.put({ ...change, sent: true }));
  let answer;
  try {
    // `RoadTrip-Replay`: the service worker lets it through, never into the outbox again.
    answer = await fetch(change.url, { method: "POST", body, redirect: "manual", credentials: "same-origin", headers: { "RoadTrip-Replay": "1" } });
  } catch {
    setNetwork(false);
    return false;
  }
  if (answer.type !== "opaqueredirect" && !(retried && arrivedBefore(change, answer))) {
    const reason = reasonIn(await answer.text(), answer.status);
    await store("reports", "readwrite", (records) => records.add({ account, note: change.note, reason, at: Date.now() }));
  }
  await store("changes", "readwrite", (records) => records.delete(change.id));
  return true;
}

/** A library photo opened while this device keeps something: its Visit and Unvisit choices are
 * kept too (as the photo itself is, by the service worker), so that they can be made offline. */
export async function keepChoices(account) {
  if (!account || !(await keptSets(account)).length) return;
  for (const link of document.querySelectorAll(CHOICES)) {
    fetch(link.href, { credentials: "same-origin", headers: { Accept: "text/html" } }).catch(() => {});
  }
}
