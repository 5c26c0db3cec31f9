// RoadTrip without a network, started: registers the service worker (service-worker.js), settles
// whose data this device keeps, and wires the parts together: the rows that keep sets on this
// device (kept-sets.js), the indicator (network-status.js) and the outbox (outbox.js), all over
// what kept-store.js reads and writes. app.js imports this module.
//
// Kept data belongs to one account: the page names it (`data-account`, an opaque key). A page
// of another account empties what the last one kept, as does a page shown to nobody (signed
// out), beside the server's Clear-Site-Data at sign-out.

import { address, isOffline, setNetwork } from "./shared.js";
import { PROBE, forgetEverything, keptAccount, settleAccount } from "./kept-store.js";
import { explainKeepingUnsupported, refreshKeepRows, showKeepRows } from "./kept-sets.js";
import { showNetworkStatus } from "./network-status.js";
import { keepChoices, sendChanges } from "./outbox.js";

const supported = "serviceWorker" in navigator && window.isSecureContext && "caches" in window && "indexedDB" in window;
// A page the service worker answered from what this device keeps says so (`data-served`).
const served = document.body.dataset.served === "kept" ? "kept" : "network";
const pageAccount = document.body.dataset.account || "";
// While offline, RoadTrip is asked now and then whether it answers again (the browser's own
// `online` event says nothing of a server that was away).
const PROBE_MS = 5000;
let probe = 0;

if (served === "kept") setNetwork(false);

function watchForNetwork() {
  clearInterval(probe);
  if (!isOffline()) return;
  probe = setInterval(async () => {
    if (!navigator.serviceWorker.controller) return;
    try {
      // The service worker asks RoadTrip and always answers (see its `probe`).
      const answer = await (await fetch(PROBE, { cache: "no-store" })).json();
      if (answer.online) setNetwork(true);
    } catch {
      // the worker is starting again: ask next time
    }
  }, PROBE_MS);
}

/** The account whose data this device keeps, once this page is settled: a page answered from
 * what is kept is the kept account's; another page's account replaces it. */
async function settledAccount() {
  if (served === "kept") return keptAccount();
  await settleAccount(pageAccount);
  return pageAccount;
}

async function start() {
  if (!supported) {
    explainKeepingUnsupported();
    return;
  }
  // A page shown to nobody (signed out, or the session gone): nothing of anyone's stays on this
  // device, and no service worker is started for nobody.
  if (served === "network" && !pageAccount) {
    await forgetEverything();
    return;
  }
  // A module worker: it imports kept-store.js, as this page does.
  navigator.serviceWorker.register(address("serviceWorker"), { type: "module" }).catch(() => {});
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type === "network") setNetwork(event.data.online);
    if (event.data?.type === "changes") showNetworkStatus();
  });
  const account = await settledAccount();
  // A library photo opened while this device keeps something keeps its choices too (not one
  // shown from what is kept: those are kept already).
  const keepTheChoices = () => (served === "kept" ? undefined : keepChoices(account));
  if (served === "network") setNetwork(true);
  document.addEventListener("roadtrip:network", (event) => {
    watchForNetwork();
    showNetworkStatus();
    refreshKeepRows();
    if (event.detail.online) sendChanges(account);
  });
  document.addEventListener("roadtrip:swap", () => {
    showKeepRows(account);
    showNetworkStatus();
    keepTheChoices();
  });
  window.addEventListener("online", () => sendChanges(account));
  watchForNetwork();
  await showKeepRows(account);
  await showNetworkStatus();
  keepTheChoices();
  sendChanges(account);
}

start();
