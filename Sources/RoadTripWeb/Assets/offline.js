// RoadTrip without a network: registers the service worker (service-worker.js), keeps the trip
// and vacations on this device (the rows "Take this trip offline", "Keep this vacation
// offline"), shows "Offline" and the changes waiting, and sends those changes, in the order
// they were made, once RoadTrip answers again.
//
// Kept data belongs to one account: the page names it (`data-account`, an opaque key). A page
// of another account empties what the last one kept, as does a page shown to nobody (signed
// out), beside the server's Clear-Site-Data at sign-out.

import { isOffline, setNetwork } from "./shared.js";

const supported = "serviceWorker" in navigator && window.isSecureContext && "caches" in window && "indexedDB" in window;
const served = document.body.dataset.served === "kept" ? "kept" : "network";
const pageAccount = document.body.dataset.account || "";
let account = ""; // the account whose data this device keeps, once settled (`start`)
const META = "/__kept__"; // each kept set's own record, in its cache
const FETCHES_AT_ONCE = 4;
const WAIT_FOR_COPIES_MS = 120000;

if (served === "kept") setNetwork(false);

// --------------------------------------------------------------------------------------
// IndexedDB: the account shown last, the changes waiting, the changes that could not be made.

function store(name, mode, use) {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open("roadtrip", 1);
    opening.onupgradeneeded = () => {
      const db = opening.result;
      db.createObjectStore("state", { keyPath: "key" });
      db.createObjectStore("changes", { keyPath: "id", autoIncrement: true });
      db.createObjectStore("reports", { keyPath: "id", autoIncrement: true });
    };
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const transaction = db.transaction(name, mode);
      const asked = use(transaction.objectStore(name));
      transaction.oncomplete = () => {
        db.close();
        resolve(asked?.result);
      };
      transaction.onerror = () => {
        db.close();
        reject(transaction.error);
      };
    };
  });
}

const all = (name) => store(name, "readonly", (records) => records.getAll());

async function keptAccount() {
  return (await store("state", "readonly", (state) => state.get("account")))?.value || "";
}

/** The account this page is for; what another account kept on this device goes. */
async function settleAccount() {
  if (served === "kept") return keptAccount();
  const last = await keptAccount();
  if (last !== pageAccount) {
    for (const name of await caches.keys()) {
      if (name.startsWith("kept:") && !name.startsWith(`kept:${pageAccount}:`)) await caches.delete(name);
    }
    for (const kind of ["changes", "reports"]) {
      for (const record of await all(kind)) {
        if (record.account !== pageAccount) await store(kind, "readwrite", (records) => records.delete(record.id));
      }
    }
    await store("state", "readwrite", (state) => state.put({ key: "account", value: pageAccount }));
  }
  return pageAccount;
}

// --------------------------------------------------------------------------------------
// Words.

export function megabytes(bytes) {
  if (bytes < 100000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${(bytes / 1000000).toFixed(1)} MB`;
}

export function ago(time, now = Date.now()) {
  const minutes = Math.floor((now - time) / 60000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? "1 hour ago" : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "yesterday" : `${days} days ago`;
}

const changesText = (count) => (count === 1 ? "1 change waiting" : `${count} changes waiting`);

function button(text, className, action) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = className;
  element.textContent = text;
  element.addEventListener("click", action);
  return element;
}

// --------------------------------------------------------------------------------------
// Kept sets: one cache per set and time (`kept:<account>:<set>:<time>`), its record last.

const setName = (list) => encodeURIComponent(list);

async function keptSets(account) {
  const sets = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(`kept:${account}:`) || name.endsWith(":recent")) continue;
    const record = await (await caches.open(name)).match(META);
    if (record) sets.push({ cache: name, ...(await record.json()) });
  }
  return sets.sort((a, b) => a.title.localeCompare(b.title));
}

async function keptSet(account, list) {
  return (await keptSets(account)).find((set) => set.list === list) || null;
}

async function removeSet(account, list, except = "") {
  const prefix = `kept:${account}:${setName(list)}:`;
  for (const name of await caches.keys()) if (name.startsWith(prefix) && name !== except) await caches.delete(name);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One part of a list. RoadTrip answers a few lists at once: busy (503), it is asked again
 * after the seconds it names, until `until`. */
async function askForPart(address, until) {
  for (;;) {
    const response = await fetch(address, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (response.status === 503 && Date.now() < until) {
      const seconds = Number(response.headers.get("Retry-After")) || 2;
      await sleep(Math.min(Math.max(seconds, 1), 30) * 1000);
      continue;
    }
    if (!response.ok) throw new Error(`RoadTrip answered ${response.status}`);
    return response.json();
  }
}

/** The list from the server, which sends it in parts (`next`): the first part is asked again
 * while the server is still copying event pages (it counts the whole book's), then the others
 * are asked in turn and put together. */
async function askForList(list, report) {
  const until = Date.now() + WAIT_FOR_COPIES_MS;
  let first;
  for (;;) {
    first = await askForPart(list, until);
    if (!first.waiting || Date.now() > until) break;
    report(first.waiting === 1 ? "Saving 1 event page on the server…" : `Saving ${first.waiting} event pages on the server…`);
    await sleep(1000);
  }
  const answer = { ...first, files: [], bytes: 0, uncopied: 0 };
  const seen = new Set();
  for (let part = first; ; ) {
    // Each address once, should the book change between two parts.
    for (const file of part.files.filter((file) => !seen.has(file.url))) {
      seen.add(file.url);
      answer.files.push(file);
      answer.bytes += file.bytes;
    }
    answer.uncopied += part.uncopied;
    if (!part.next) return answer;
    report(`Finding what to keep… ${answer.files.length} files so far`);
    part = await askForPart(part.next, Date.now() + WAIT_FOR_COPIES_MS);
  }
}

/** Every file of the list into a new cache; the set's record goes in last, and the older
 * copy of the set is removed only then. A file that cannot be fetched keeps nothing new. */
async function download(account, list, answer, progress) {
  const name = `kept:${account}:${setName(list)}:${Date.now()}`;
  const cache = await caches.open(name);
  const files = [...answer.files];
  let done = 0;
  let bytes = 0;
  let failed = null;
  async function worker() {
    while (files.length && !failed) {
      const file = files.shift();
      try {
        const response = await fetch(file.url, { credentials: "same-origin", headers: { "RoadTrip-Keep": "1" } });
        if (!response.ok || response.redirected) throw new Error(`${file.url} answered ${response.status}`);
        await cache.put(file.url, response);
      } catch (error) {
        failed = error;
        return;
      }
      done += 1;
      bytes += file.bytes;
      progress(done, answer.files.length, bytes, answer.bytes);
    }
  }
  await Promise.all(Array.from({ length: FETCHES_AT_ONCE }, worker));
  if (failed) {
    await caches.delete(name);
    throw failed;
  }
  const record = { list, title: answer.title, start: answer.start, bytes: answer.bytes, files: answer.files.length, updated: Date.now() };
  await cache.put(META, new Response(JSON.stringify(record), { headers: { "Content-Type": "application/json" } }));
  await removeSet(account, list, name);
  return record;
}

/** What went wrong, in words: a fetch that met no network says only "Failed to fetch". */
const why = (error) => (error instanceof TypeError ? "RoadTrip cannot be reached" : error.message);

/** A row "Take this trip offline" / "Keep this vacation offline". */
class KeepRow {
  constructor(element, account) {
    this.element = element;
    this.account = account;
    this.list = element.dataset.keepList;
    this.subject = element.dataset.keepSubject;
    this.status = element.querySelector(".keep-status");
    this.actions = element.querySelector(".keep-actions");
    this.busy = false;
    element.hidden = false;
  }

  say(text, ...buttons) {
    this.status.textContent = text;
    this.actions.replaceChildren(...buttons);
  }

  async show() {
    if (this.busy) return;
    const kept = await keptSet(this.account, this.list);
    this.element.classList.toggle("kept", Boolean(kept));
    if (kept) {
      this.say(`Available offline · ${megabytes(kept.bytes)} · updated ${ago(kept.updated)}`,
        button("Update", "button secondary keep-update", () => this.take()),
        button("Remove", "button secondary keep-remove", () => this.remove()));
      return;
    }
    if (isOffline()) {
      this.say(`Not kept on this device: ${this.subject} can be kept while RoadTrip can be reached.`);
      return;
    }
    this.say("", button("Download…", "button secondary keep-start", () => this.take()));
  }

  /** Says how much there is, then on Download fetches it all with its progress. */
  async take() {
    if (this.busy) return;
    this.busy = true;
    let answer;
    try {
      this.say("Finding what to keep…");
      answer = await askForList(this.list, (text) => this.say(text));
    } catch (error) {
      this.busy = false;
      this.say(`Could not find what to keep: ${why(error)}.`,
        button("Try again", "button secondary keep-start", () => this.take()));
      return;
    }
    const note = answer.uncopied === 1 ? " 1 event page could not be copied: its book page is kept without it."
      : answer.uncopied > 1 ? ` ${answer.uncopied} event pages could not be copied: their book pages are kept without them.` : "";
    const start = button("Download", "button keep-download", () => this.fetchAll(answer));
    const cancel = button("Cancel", "button secondary keep-cancel", () => {
      this.busy = false;
      this.show();
    });
    this.say(`${megabytes(answer.bytes)} to download (${answer.files.length} files).${note}`, start, cancel);
    start.focus();
  }

  async fetchAll(answer) {
    const bar = document.createElement("progress");
    bar.className = "keep-progress";
    bar.max = answer.bytes || 1;
    bar.value = 0;
    this.say(`Downloading… 0 of ${megabytes(answer.bytes)}`, bar);
    try {
      await download(this.account, this.list, answer, (done, count, bytes, total) => {
        bar.value = bytes;
        this.status.textContent = `Downloading… ${megabytes(bytes)} of ${megabytes(total)} (${done} of ${count} files)`;
      });
    } catch (error) {
      this.busy = false;
      this.say(`Not kept: ${why(error)}. Nothing changed on this device.`,
        button("Try again", "button secondary keep-start", () => this.take()));
      return;
    }
    this.busy = false;
    await this.show();
  }

  async remove() {
    await removeSet(this.account, this.list);
    await this.show();
  }
}

// --------------------------------------------------------------------------------------
// The indicator: "Offline", the changes waiting, and the changes that could not be made.

let indicator = null;

async function showIndicator() {
  const account = await keptAccount();
  const changes = (await all("changes")).filter((change) => change.account === account);
  const reports = (await all("reports")).filter((report) => report.account === account);
  if (!indicator) {
    indicator = document.createElement("div");
    indicator.className = "network-status";
    indicator.id = "network-status";
    indicator.setAttribute("role", "status");
    document.body.append(indicator);
  }
  const parts = [];
  if (isOffline()) parts.push("Offline");
  if (changes.length) parts.push(changesText(changes.length));
  const line = document.createElement("p");
  line.className = "network-line";
  line.textContent = parts.join(" · ");
  const items = reports.map((report) => {
    const item = document.createElement("p");
    item.className = "change-report";
    item.textContent = `Not made: ${report.note}. ${report.reason}`;
    item.append(" ", button("OK", "link-button report-dismiss", async () => {
      await store("reports", "readwrite", (records) => records.delete(report.id));
      showIndicator();
    }));
    return item;
  });
  indicator.replaceChildren(...(parts.length ? [line] : []), ...items);
  indicator.hidden = !parts.length && !items.length;
  indicator.classList.toggle("has-reports", items.length > 0);
  if (items.length) indicator.setAttribute("role", "alert");
  else indicator.setAttribute("role", "status");
  fillOfflinePage(account, changes);
}

/** The offline page's lists: what is kept, and the changes waiting. */
async function fillOfflinePage(account, changes) {
  const list = document.getElementById("kept-list");
  const waiting = document.getElementById("waiting-changes");
  if (!list || !waiting) return;
  const sets = account ? await keptSets(account) : [];
  if (sets.length) {
    const rows = document.createElement("ul");
    rows.className = "rows kept-sets";
    for (const set of sets) {
      const link = document.createElement("a");
      link.className = "row";
      link.href = set.start;
      link.textContent = set.title;
      const detail = document.createElement("span");
      detail.className = "row-detail";
      detail.textContent = `${megabytes(set.bytes)} · updated ${ago(set.updated)}`;
      link.append(detail);
      const item = document.createElement("li");
      item.append(link);
      rows.append(item);
    }
    list.replaceChildren(rows);
  }
  if (!changes.length) {
    waiting.replaceChildren();
    return;
  }
  const heading = document.createElement("h3");
  heading.textContent = `${changesText(changes.length)} to be sent`;
  const items = document.createElement("ol");
  items.className = "waiting-list";
  for (const change of changes) {
    const item = document.createElement("li");
    item.textContent = change.note;
    items.append(item);
  }
  waiting.replaceChildren(heading, items);
}

// --------------------------------------------------------------------------------------
// Changes made offline: a note saying what each is goes with the form (the service worker
// keeps it beside the change), and where to go back to.

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

let sending = false;

/** A change sent before whose answer never came, refused now only because it did arrive then:
 * the vacation it added exists (409), the photo it removed is in that vacation no more (404).
 * Every other change is a set change (a photo in a vacation, a tag on a photo) that RoadTrip
 * takes again without changing anything. */
function arrivedBefore(change, answer) {
  return (answer.status === 409 && change.url === "/vacations/new") || (answer.status === 404 && change.url.endsWith("/unvisit"));
}

/** Sends the changes waiting, oldest first, each with the session's form token as it is now;
 * one tab at a time (a lock), one change at a time. A change RoadTrip takes is removed; one it
 * refuses is removed and reported; one that meets no network stays, and so do those after it. */
async function sendChanges() {
  if (sending || isOffline() || !account) return;
  sending = true;
  try {
    await navigator.locks.request("roadtrip-changes", async () => {
      const changes = (await all("changes")).filter((change) => change.account === account);
      if (!changes.length) return;
      let token;
      try {
        const answer = await fetch("/session/form-token", { headers: { Accept: "application/json" }, credentials: "same-origin" });
        token = answer.ok ? (await answer.json()).csrf : null;
      } catch {
        return; // not answering yet
      }
      if (!token) return; // signed out meanwhile: the server emptied this browser's storage
      for (const change of changes) {
        const body = new URLSearchParams(change.fields);
        body.set("csrf", token);
        // Marked before it goes: if its answer is lost, the next try knows it may have arrived.
        const retried = change.sent === true;
        if (!retried) await store("changes", "readwrite", (records) => records.put({ ...change, sent: true }));
        let answer;
        try {
          answer = await fetch(change.url, { method: "POST", body, redirect: "manual", credentials: "same-origin", headers: { "RoadTrip-Replay": "1" } });
        } catch {
          setNetwork(false);
          return;
        }
        if (answer.type !== "opaqueredirect" && !(retried && arrivedBefore(change, answer))) {
          const reason = reasonIn(await answer.text(), answer.status);
          await store("reports", "readwrite", (records) => records.add({ account, note: change.note, reason, at: Date.now() }));
        }
        await store("changes", "readwrite", (records) => records.delete(change.id));
        await showIndicator();
      }
    });
  } finally {
    sending = false;
    showIndicator();
  }
}

// --------------------------------------------------------------------------------------
// A library photo opened while this device keeps something: its Visit and Unvisit choices
// are kept too (as the photo itself is, by the service worker), so that they work offline.

async function keepChoices() {
  if (served === "kept" || !(await keptSets(account)).length) return;
  for (const link of document.querySelectorAll("#detail a[href$='/visit'], #detail a[href$='/unvisit']")) {
    fetch(link.href, { credentials: "same-origin", headers: { Accept: "text/html" } }).catch(() => {});
  }
}

// --------------------------------------------------------------------------------------
// Starting.

function explainUnsupported() {
  const why = !window.isSecureContext
    ? "needs a secure connection: open RoadTrip over HTTPS (the README's TLS proxy) or at this computer's own address (localhost)."
    : "is not possible in this browser.";
  for (const element of document.querySelectorAll(".keep-offline")) {
    element.hidden = false;
    element.classList.add("unsupported");
    element.querySelector(".keep-status").textContent = `Keeping ${element.dataset.keepSubject} on this device ${why}`;
  }
}

// While offline, RoadTrip is asked now and then whether it answers again (the browser's own
// `online` event says nothing of a server that was away).
const PROBE_MS = 5000;
let probe = 0;

function watchForNetwork() {
  clearInterval(probe);
  if (!isOffline()) return;
  probe = setInterval(async () => {
    if (!navigator.serviceWorker.controller) return;
    try {
      // The service worker asks RoadTrip and always answers (see its `probe`).
      const answer = await (await fetch("/__roadtrip__/network", { cache: "no-store" })).json();
      if (answer.online) setNetwork(true);
    } catch {
      // the worker is starting again: ask next time
    }
  }, PROBE_MS);
}

async function showRows() {
  for (const element of document.querySelectorAll(".keep-offline:not([data-mounted])")) {
    element.dataset.mounted = "true";
    if (!account) continue;
    const row = new KeepRow(element, account);
    element.keepRow = row;
    await row.show();
  }
}

/** A page shown to nobody (signed out, or the session gone): nothing of anyone's stays on this
 * device, and no service worker is started for nobody. */
async function forgetEverything() {
  for (const name of await caches.keys()) if (name.startsWith("kept:")) await caches.delete(name);
  indexedDB.deleteDatabase("roadtrip");
}

async function start() {
  if (!supported) {
    explainUnsupported();
    return;
  }
  if (served === "network" && !pageAccount) {
    await forgetEverything();
    return;
  }
  navigator.serviceWorker.register("/service-worker.js").catch(() => {});
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type === "network") setNetwork(event.data.online);
    if (event.data?.type === "changes") showIndicator();
  });
  account = await settleAccount();
  if (served === "network") setNetwork(true);
  document.addEventListener("roadtrip:network", (event) => {
    watchForNetwork();
    showIndicator();
    document.querySelectorAll(".keep-offline[data-mounted]").forEach((element) => element.keepRow?.show());
    if (event.detail.online) sendChanges();
  });
  document.addEventListener("roadtrip:swap", () => {
    showRows();
    showIndicator();
    if (account) keepChoices();
  });
  window.addEventListener("online", () => sendChanges());
  watchForNetwork();
  await showRows();
  await showIndicator();
  if (account) keepChoices();
  sendChanges();
}

start();
