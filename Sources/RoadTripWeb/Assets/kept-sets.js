// Keeping the trip or a vacation on this device: the rows "Take this trip offline" and "Keep this
// vacation offline" (`.keep-offline`, naming the list of what to keep in `data-keep-list`), which
// ask RoadTrip for that list, download every file of it into a kept set, update it and remove it.

import { button, isOffline } from "./shared.js";
import { keptSets, newSetCacheName, removeSet, writeSetRecord } from "./kept-store.js";

const FETCHES_AT_ONCE = 4;
const WAIT_FOR_COPIES_MS = 120000;

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
  const name = newSetCacheName(account, list);
  const cache = await caches.open(name);
  const files = [...answer.files];
  let done = 0;
  let bytes = 0;
  let failed = null;
  async function worker() {
    while (files.length && !failed) {
      const file = files.shift();
      try {
        // `RoadTrip-Keep`: the service worker leaves it out of the pages opened lately.
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
  const record = {
    list, title: answer.title, start: answer.start, bytes: answer.bytes, files: answer.files.length, videos: answer.keptVideos, updated: Date.now(),
  };
  await writeSetRecord(cache, record);
  await removeSet(account, list, name);
  return record;
}

/** The list with its videos added, when they are to be kept too (posters are kept always). */
function withVideos(answer, included) {
  if (!included) return { ...answer, keptVideos: 0 };
  return { ...answer, files: [...answer.files, ...answer.videos.files], bytes: answer.bytes + answer.videos.bytes, keptVideos: answer.videos.files.length };
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
    const kept = (await keptSets(this.account)).find((set) => set.list === this.list);
    this.element.classList.toggle("kept", Boolean(kept));
    if (kept) {
      const videos = kept.videos ? ", videos included" : "";
      this.say(`Available offline · ${megabytes(kept.bytes)}${videos} · updated ${ago(kept.updated)}`,
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
    const videos = answer.videos ? await this.videoChoice(answer.videos) : null;
    const start = button("Download", "button keep-download", () => this.fetchAll(withVideos(answer, videos?.input.checked)));
    const cancel = button("Cancel", "button secondary keep-cancel", () => {
      this.busy = false;
      this.show();
    });
    this.say(`${megabytes(answer.bytes)} to download (${answer.files.length} files).${note}`, ...(videos ? [videos.label] : []), start, cancel);
    start.focus();
  }

  /** "Also keep 3 videos · 41.2 MB": a choice, as the videos were the last time this was kept
   * (off the first time: they are most of a vacation's size). */
  async videoChoice(videos) {
    const kept = (await keptSets(this.account)).find((set) => set.list === this.list);
    const label = document.createElement("label");
    label.className = "keep-videos";
    const input = document.createElement("input");
    input.type = "checkbox";
    input.checked = Boolean(kept?.videos);
    const stills = videos.files.length - videos.videoCount;
    const what = [videos.videoCount === 1 ? "1 video" : videos.videoCount > 1 ? `${videos.videoCount} videos` : "",
      stills === 1 ? "the motion of 1 photo" : stills > 1 ? `the motion of ${stills} photos` : ""].filter(Boolean).join(" and ");
    label.append(input, ` Also keep ${what} · ${megabytes(videos.bytes)}`);
    return { label, input };
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

/** The rows not shown yet, of the page or the panes just swapped in; without an account (a page
 * from before it was settled) each is only marked. */
export async function showKeepRows(account) {
  for (const element of document.querySelectorAll(".keep-offline:not([data-mounted])")) {
    element.dataset.mounted = "true";
    if (!account) continue;
    const row = new KeepRow(element, account);
    element.keepRow = row;
    await row.show();
  }
}

/** The rows shown again, as the network comes or goes. */
export function refreshKeepRows() {
  document.querySelectorAll(".keep-offline[data-mounted]").forEach((element) => element.keepRow?.show());
}

/** Each row says why nothing can be kept in this browser. */
export function explainKeepingUnsupported() {
  const why = !window.isSecureContext
    ? "needs a secure connection: open RoadTrip over HTTPS (see docs/running.md: behind a reverse proxy) or at this computer's own address (localhost)."
    : "is not possible in this browser.";
  for (const element of document.querySelectorAll(".keep-offline")) {
    element.hidden = false;
    element.classList.add("unsupported");
    element.querySelector(".keep-status").textContent = `Keeping ${element.dataset.keepSubject} on this device ${why}`;
  }
}
