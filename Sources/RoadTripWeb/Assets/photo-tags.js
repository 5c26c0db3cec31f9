// A person's tags in the viewer's Info panel are added and removed in place: the panel stays
// open with the new tags in it and the field ready for the next, and the photo stays as it was
// zoomed. Without this script each post reloads the viewer with the panel closed. app.js
// imports this module.

import { fetchPage } from "./shared.js";

document.addEventListener("submit", (event) => {
  const form = event.target;
  const tags = form instanceof HTMLFormElement ? form.closest(".photo-tags") : null;
  if (!tags || event.defaultPrevented || form.method !== "post") return;
  event.preventDefault();
  if (tags.dataset.busy) return; // one change at a time: a double click sends one
  tags.dataset.busy = "true";
  changeTags(form, tags, new URLSearchParams(new FormData(form, event.submitter))).finally(() => delete tags.dataset.busy);
});

async function changeTags(form, tags, body) {
  let answer;
  let html;
  try {
    answer = await fetchPage(form.action, { method: "POST", body });
    html = await answer.text();
  } catch {
    form.submit(); // offline: the browser says so
    return;
  }
  if (!answer.ok) {
    form.submit(); // refused (an expired form): the server's page says why; nothing was changed
    return;
  }
  const fresh = new DOMParser().parseFromString(html, "text/html").querySelector(".photo-tags");
  if (!fresh || !tags.isConnected) {
    location.assign(answer.url); // signed out meanwhile, or the viewer has moved on
    return;
  }
  tags.replaceWith(document.adoptNode(fresh));
  fresh.querySelector("input[name=add]")?.focus();
}
