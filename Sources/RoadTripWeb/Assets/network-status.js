// The indicator at the foot of every page (`#network-status`): "Offline", the changes waiting to
// be sent, and the changes RoadTrip refused when they were sent, each with an OK that dismisses it.
// On the offline page, the same in full: the sets kept on this device, and the changes waiting.

import { button, isOffline } from "./shared.js";
import { allOf, keptAccount, keptSets, store } from "./kept-store.js";
import { ago, megabytes } from "./kept-sets.js";

let indicator = null;

const changesText = (count) => (count === 1 ? "1 change waiting" : `${count} changes waiting`);

/** The indicator as things are now: it is hidden when there is nothing to say. */
export async function showNetworkStatus() {
  const account = await keptAccount();
  const changes = await allOf("changes", account);
  const reports = await allOf("reports", account);
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
      showNetworkStatus();
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
