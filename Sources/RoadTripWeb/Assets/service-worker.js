// RoadTrip's service worker: a module worker, served at the service worker's address (at the
// root, so that it may answer for every page) with two lines written above this one by the
// server (AssetCatalog): `ASSETS`, the address of every asset, and `ADDRESSES`, the addresses
// this worker asks for or answers, from RoadTrip's routes (a worker has no page to give them).
// A new build changes the first line, so browsers install the new worker.
//
// What it keeps, and how it answers:
// - the assets, fingerprinted and so never stale: from its cache first;
// - the pages of the sets a person keeps (the trip, a vacation: kept-sets.js fills a cache for
//   each) and the pages and pictures opened lately: from the network first, the kept copy when
//   the network fails;
// - the offline page, for a page not kept while RoadTrip cannot be reached.
// Kept copies belong to one account: the one whose page was shown last (offline.js settles it);
// no other account's copies are ever answered. kept-store.js names where each thing is kept.
//
// A change posted while RoadTrip cannot be reached (Visit, Unvisit, a tag, a favourite, a new vacation) is
// put in the outbox in the order made; outbox.js sends the changes when RoadTrip answers again.

/* global ASSETS, ADDRESSES */
import { KEPT_RECORD, PROBE, cacheNamesOf, dropOlderKeptSets, keptAccount, recentCacheName, settleAccount, store } from "./kept-store.js";

const ASSET_CACHE = "roadtrip-assets";
const RECENT_LIMIT = 400; // entries of the recent cache: pages, thumbnails, previews
// The shapes of RoadTrip's addresses this worker tells apart, each with a slot or a family of
// them: the changes that may wait in the outbox besides a new vacation (Visit, Unvisit, a tag, a heart),
const QUEUED = [/^\/photos\/\d+\/(visit|unvisit|tags|favorite)$/, /^\/flickr\/photos\/[^/]+\/(visit|unvisit)$/];
// what is never kept but asked every time, besides the worker itself and the health check (the
// session's token, signing in and out, keep lists and the offline page, exports, originals),
const NEVER_KEPT = [/^\/session\//, /\/copy-status$/, /^\/signin/, /^\/signout/, /^\/setup/,
  /\/offline$/, /\/export$/, /\/original$/, /^\/map\/photos/];
// and RoadTrip's saved copies of event pages. What is kept is answered under whatever it was kept
// with, and more: a saved copy runs sandboxed, a picture in SVG runs nothing (as RoadTrip serves
// them now).
const COPY = /^\/trip\/(events\/\d+|weather)\/copy$/;
const COPY_POLICY = ADDRESSES.copyPolicy; // its own origin, no script but the book's gesture (SecurityHeaders.swift)
const PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const VIDEO = /\/photos\/\d+\/video$/; // a video's rendition, a player asks for it in ranges
const MISSING = "RoadTrip-Missing"; // a basemap tile's answer while RoadTrip is away and it is not kept

const isQueued = (path) => path === ADDRESSES.newVacation || QUEUED.some((pattern) => pattern.test(path));
const isNeverKept = (path) => path === ADDRESSES.serviceWorker || path.startsWith(ADDRESSES.health)
  || NEVER_KEPT.some((pattern) => pattern.test(path));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(ASSET_CACHE);
    const held = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
    await cache.addAll(ASSETS.filter((asset) => !held.has(asset)));
    // The offline page holds nobody's data: asked without cookies.
    const page = await fetch(ADDRESSES.offlinePage, { credentials: "omit" });
    if (page.ok) await cache.put(ADDRESSES.offlinePage, page);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(ASSET_CACHE);
    const current = new Set([...ASSETS, ADDRESSES.offlinePage]);
    for (const request of await cache.keys()) {
      if (!current.has(new URL(request.url).pathname)) await cache.delete(request);
    }
    await dropOlderKeptSets();
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.method === "POST") {
    // outbox.js sends waiting changes itself (`RoadTrip-Replay`): those never wait again.
    if (isQueued(url.pathname) && !request.headers.has("RoadTrip-Replay")) {
      event.respondWith(sendOrQueue(request));
    }
    return;
  }
  if (request.method !== "GET") return;
  if (request.headers.has("Range")) {
    if (VIDEO.test(url.pathname)) event.respondWith(rangeOrKept(request));
    return;
  }
  if (url.pathname === PROBE) {
    event.respondWith(probe());
    return;
  }
  if (url.pathname.startsWith(ADDRESSES.assets)) {
    event.respondWith(fromAssets(request));
    return;
  }
  if (isNeverKept(url.pathname)) return;
  event.respondWith(networkFirst(request, event));
});

/** Whether RoadTrip answers, for a page offline.js asks now and then: always an answer, so
 * that the page's console does not fill with refused connections while RoadTrip is away. */
async function probe() {
  let online = true;
  try {
    await fetch(ADDRESSES.health, { cache: "no-store" });
  } catch {
    online = false;
  }
  tellPages(online);
  return new Response(JSON.stringify({ online }), { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

async function fromAssets(request) {
  const cache = await caches.open(ASSET_CACHE);
  const held = await cache.match(request, { ignoreVary: true });
  if (held) return held;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request, event) {
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    tellPages(false);
    const kept = await keptCopy(request);
    if (kept) return kept;
    if (request.mode === "navigate" && request.destination === "document") return offlinePage();
    // A basemap tile the browser has not kept: missing, quietly (not a failed load in the console);
    // the map draws the countries' outlines instead (basemap-layer.js).
    if (new URL(request.url).pathname.startsWith(ADDRESSES.basemapTiles)) return new Response(null, { status: 204, headers: { [MISSING]: "1" } });
    throw error;
  }
  // Pictures may come from the browser's own cache with RoadTrip away; pages never do (no-store).
  if (isPage(response)) tellPages(true);
  // Gone for good (a share link stopped, a vacation no longer shared with this account): what
  // this device kept of it goes too, so it is not shown the next time RoadTrip is away.
  if (response.status === 404 || response.status === 410) event.waitUntil(forget(request));
  // What kept-sets.js fetches to keep goes into its set, not among the recent.
  if (response.ok && response.type === "basic" && !response.redirected && isKeepable(response) && !request.headers.has("RoadTrip-Keep")) {
    event.waitUntil(keepRecent(request, response.clone()));
  }
  return response;
}

/** A range of a video: RoadTrip's answer while it can be reached; without a network, the range
 * cut from the whole file kept with a vacation (a player asks for ranges; a cache holds whole answers). */
async function rangeOrKept(request) {
  try {
    return await fetch(request);
  } catch (error) {
    tellPages(false);
    const kept = await keptCopy(new Request(request.url));
    if (!kept) throw error;
    return rangeOf(kept, request.headers.get("Range"));
  }
}

/** The part of a whole answer that a `Range` header asks for (one range: what a player sends),
 * answered as RoadTrip answers it: 206 with its `Content-Range`, or 416 outside the file. */
async function rangeOf(whole, header) {
  const body = await whole.blob();
  const size = body.size;
  const asked = /^bytes=(\d*)-(\d*)$/.exec((header || "").trim());
  let start = -1;
  let end = size - 1;
  if (asked && asked[1] !== "") {
    start = Number(asked[1]);
    if (asked[2] !== "") end = Math.min(Number(asked[2]), size - 1);
  } else if (asked && asked[2] !== "") {
    start = Math.max(0, size - Number(asked[2]));
  }
  if (start < 0 || start > end) return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
  const headers = new Headers(whole.headers);
  headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  headers.set("Content-Length", String(end - start + 1));
  return new Response(body.slice(start, end + 1), { status: 206, headers });
}

function isPage(response) {
  const type = response.headers.get("Content-Type") || "";
  return type.startsWith("text/html") || type.startsWith("application/json");
}

function isKeepable(response) {
  const type = response.headers.get("Content-Type") || "";
  return type.startsWith("text/html") || type.startsWith("image/");
}

/** The copy of `request` kept for the account shown last: from what was opened lately, else
 * from the sets kept. Marked as kept, so that its page says it is offline. */
async function keptCopy(request) {
  const account = await keptAccount();
  if (!account) return null;
  for (const name of await cacheNamesOf(account)) {
    const cache = await caches.open(name);
    const found = await cache.match(request, { ignoreVary: true });
    if (!found) continue;
    const answer = await marked(found, found.status, new URL(request.url).pathname);
    if (answer) return answer;
    await cache.delete(request, { ignoreVary: true }); // a copy kept as something else than a page
  }
  return null;
}

/** The kept copies of an address RoadTrip says is gone; a kept set that starts there, whole. */
async function forget(request) {
  const account = await keptAccount();
  if (!account) return;
  const path = new URL(request.url).pathname;
  for (const name of await cacheNamesOf(account)) {
    const cache = await caches.open(name);
    const record = await cache.match(KEPT_RECORD);
    if (record && (await record.json()).start === path) await caches.delete(name);
    else await cache.delete(request, { ignoreVary: true });
  }
}

/** An answer kept among the recent, for the account it is for (RoadTrip names it on every
 * signed-in answer) and only while that account's pages are the ones shown. A page of another
 * account makes it the one kept for at once, as offline.js does once the page runs (what the last
 * one kept goes): else the first pages opened after a change of account were never kept. */
async function keepRecent(request, response) {
  const owner = response.headers.get("RoadTrip-Account");
  const navigated = owner && request.mode === "navigate";
  if (navigated) await settleAccount(owner);
  const account = navigated ? owner : await keptAccount();
  if (!account || owner !== account) return;
  const cache = await caches.open(recentCacheName(account));
  await cache.delete(request, { ignoreVary: true }); // put last: the oldest entries go first
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - RECENT_LIMIT))) await cache.delete(old);
}

/** RoadTrip's pages say they were shown from a kept copy (`data-served`): offline.js shows
 * the Offline indicator, web-view.js shows saved copies. A saved copy or an SVG picture is
 * answered under the policy RoadTrip serves it with now, added to the one it was kept with (a
 * browser enforces both); a saved copy that is not an HTML page is not answered at all (null). */
async function marked(response, status, path) {
  const headers = new Headers(response.headers);
  headers.set("RoadTrip-Kept", "1");
  const type = (headers.get("Content-Type") || "").toLowerCase();
  if (COPY.test(path)) {
    if (!type.startsWith("text/html")) return null;
    headers.append("Content-Security-Policy", COPY_POLICY);
    headers.set("X-Content-Type-Options", "nosniff");
  }
  if (type.startsWith("image/svg+xml")) {
    headers.append("Content-Security-Policy", PICTURE_POLICY);
    headers.set("X-Content-Type-Options", "nosniff");
  }
  if (!type.startsWith("text/html")) return new Response(response.body, { status, headers });
  const text = (await response.text()).replace("<body data-screen=", '<body data-served="kept" data-screen=');
  return new Response(text, { status, headers });
}

async function offlinePage() {
  const page = await (await caches.open(ASSET_CACHE)).match(ADDRESSES.offlinePage);
  if (page) return marked(page, 503, ADDRESSES.offlinePage);
  return new Response("RoadTrip cannot be reached, and this page is not kept on this device.", {
    status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** A change sent at once when RoadTrip answers; else put in the outbox in order, and the person
 * taken back where the form said (`offline-back`), where the indicator counts it as waiting. */
async function sendOrQueue(request) {
  const body = await request.clone().text();
  try {
    const response = await fetch(request);
    tellPages(true);
    return response;
  } catch (error) {
    tellPages(false);
    const account = await keptAccount();
    if (!account) throw error;
    const fields = new URLSearchParams(body);
    const note = fields.get("offline-note") || "A change";
    const back = fields.get("offline-back") || "";
    for (const name of ["csrf", "offline-note", "offline-back"]) fields.delete(name);
    await store("changes", "readwrite", (changes) => changes.add({
      account, url: new URL(request.url).pathname, fields: fields.toString(), note, at: Date.now(),
    }));
    tellPages(false, "changes");
    const target = back.startsWith("/") && !back.startsWith("//") ? back : ADDRESSES.offlinePage;
    return Response.redirect(new URL(target, location.origin).href, 303);
  }
}

let lastTold = null;

/** The pages this worker controls told whether RoadTrip answers, or that a change waits. */
async function tellPages(online, what = "network") {
  if (what === "network" && lastTold === online) return;
  if (what === "network") lastTold = online;
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: what, online });
}
