// What this device keeps of RoadTrip, and where: the one file the pages' scripts and the service
// worker (a module worker, which imports this file) both read and write it through, so that the
// two never disagree on a name, a schema or a version. Nothing here touches a page.
//
// IndexedDB `roadtrip`: `state` (the account whose data this device keeps: the one whose page was
// shown last), `changes` (the outbox: changes made while RoadTrip could not be reached, in the
// order made) and `reports` (changes RoadTrip refused when they were sent).
// Cache Storage: a cache per kept set and time, `kept:<account>:<set>:<time>`, its record written
// last (KEPT_RECORD); and the pages and pictures opened lately, `kept:<account>:recent`.

/** Asked of the service worker, which answers it itself (never RoadTrip): does RoadTrip answer? */
export const PROBE = "/__roadtrip__/network";

/** The kept sets' version: the worker drops sets of an older one when it activates (their row
 * offers Download again). 2: saved copies are kept only as HTML, and SVG pictures under a policy
 * that runs nothing (issue 30); a set kept before may hold a script or an SVG that runs one. */
export const KEPT_VERSION = 2;

/** Each kept set's own record, in its cache. */
export const KEPT_RECORD = "/__kept__";
const KEPT = "kept:";
const RECENT = ":recent";

const DATABASE = "roadtrip";
const DATABASE_VERSION = 1;

function openDatabase() {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, DATABASE_VERSION);
    opening.onupgradeneeded = () => {
      const db = opening.result;
      db.createObjectStore("state", { keyPath: "key" });
      db.createObjectStore("changes", { keyPath: "id", autoIncrement: true });
      db.createObjectStore("reports", { keyPath: "id", autoIncrement: true });
    };
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => resolve(opening.result);
  });
}

/** `use` run on the object store `name` in a transaction of its own; what its request found. */
export async function store(name, mode, use) {
  const db = await openDatabase();
  return new Promise((resolve, reject) => {
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
  });
}

export const all = (name) => store(name, "readonly", (records) => records.getAll());

/** The records of `name` (`changes`, `reports`) that are `account`'s, oldest first. */
export async function allOf(name, account) {
  return (await all(name)).filter((record) => record.account === account);
}

/** The account whose data this device keeps; "" before any. */
export async function keptAccount() {
  return (await store("state", "readonly", (state) => state.get("account")))?.value || "";
}

/** Makes `account` the one this device keeps data for: what another account kept goes. */
export async function settleAccount(account) {
  if ((await keptAccount()) === account) return;
  for (const name of await caches.keys()) {
    if (name.startsWith(KEPT) && !name.startsWith(`${KEPT}${account}:`)) await caches.delete(name);
  }
  for (const kind of ["changes", "reports"]) {
    for (const record of await all(kind)) {
      if (record.account !== account) await store(kind, "readwrite", (records) => records.delete(record.id));
    }
  }
  await store("state", "readwrite", (state) => state.put({ key: "account", value: account }));
}

/** Nothing of anyone's stays on this device: every kept cache, and the database. */
export async function forgetEverything() {
  for (const name of await caches.keys()) if (name.startsWith(KEPT)) await caches.delete(name);
  indexedDB.deleteDatabase(DATABASE);
}

// --------------------------------------------------------------------------------------
// Cache Storage.

const setPrefix = (account, list) => `${KEPT}${account}:${encodeURIComponent(list)}:`;
const isSet = (name) => name.startsWith(KEPT) && !name.endsWith(RECENT);

/** The cache of what `account` opened lately. */
export const recentCacheName = (account) => `${KEPT}${account}${RECENT}`;

/** The caches of `account`, the recent one first: where a copy of a page is looked for. */
export async function cacheNamesOf(account) {
  const names = (await caches.keys()).filter((name) => name.startsWith(`${KEPT}${account}:`));
  return names.sort((a, b) => (b.endsWith(RECENT) ? 1 : 0) - (a.endsWith(RECENT) ? 1 : 0));
}

/** The sets `account` keeps, each its record and its cache's name, by title. */
export async function keptSets(account) {
  const sets = [];
  for (const name of await caches.keys()) {
    if (!isSet(name) || !name.startsWith(`${KEPT}${account}:`)) continue;
    const record = await (await caches.open(name)).match(KEPT_RECORD);
    if (record) sets.push({ cache: name, ...(await record.json()) });
  }
  return sets.sort((a, b) => a.title.localeCompare(b.title));
}

/** The name of a new cache for the set `list` of `account`, kept from now. */
export const newSetCacheName = (account, list) => `${setPrefix(account, list)}${Date.now()}`;

/** The set's record, written once every file is in its cache: the set counts as kept from then. */
export async function writeSetRecord(cache, record) {
  const text = JSON.stringify({ version: KEPT_VERSION, ...record });
  await cache.put(KEPT_RECORD, new Response(text, { headers: { "Content-Type": "application/json" } }));
}

/** Every copy of the set `list` of `account` but the cache `except`. */
export async function removeSet(account, list, except = "") {
  const prefix = setPrefix(account, list);
  for (const name of await caches.keys()) if (name.startsWith(prefix) && name !== except) await caches.delete(name);
}

/** Every kept set whose record is of an older version (or has none), of every account. */
export async function dropOlderKeptSets() {
  for (const name of await caches.keys()) {
    if (!isSet(name)) continue;
    const record = await (await caches.open(name)).match(KEPT_RECORD);
    const version = record ? (await record.json()).version || 1 : 0;
    if (version < KEPT_VERSION) await caches.delete(name);
  }
}
