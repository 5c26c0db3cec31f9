// The viewer's heart changes in place: it fills (or empties) at once, as the Photos app's does,
// the cell of the photo in the grid beside gains (or loses) its heart, and the photo stays as it
// was zoomed. The change is posted behind; refused, the heart goes back and the form is sent
// plainly, so the server's page says why. Without this script the form posts and the viewer
// comes back. app.js imports this module.

import { fetchPage } from "./shared.js";

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.classList.contains("favorite-form") || event.defaultPrevented) return;
  event.preventDefault();
  if (form.dataset.busy) return; // one change at a time: a double tap sends one
  form.dataset.busy = "true";
  const body = new URLSearchParams(new FormData(form));
  const favorite = body.get("favorite") === "1";
  show(form, favorite);
  fetchPage(form.action, { method: "POST", body })
    .then((answer) => {
      if (!answer.ok) throw new Error(String(answer.status));
    })
    .catch(() => {
      show(form, !favorite);
      form.submit(); // offline (the outbox keeps it) or refused (the page says why)
    })
    .finally(() => delete form.dataset.busy);
});

/** The heart as `favorite` says, and the form set to undo it. */
function show(form, favorite) {
  const button = form.querySelector(".favorite-button");
  button.setAttribute("aria-pressed", String(favorite));
  button.querySelector(".heart").textContent = favorite ? "♥" : "♡";
  form.querySelector("input[name=favorite]").value = favorite ? "0" : "1";
  const title = form.dataset.offlineNote.replace(/^(Add|Remove) /, "").replace(/ (to|from) Favourites$/, "");
  form.dataset.offlineNote = favorite ? `Remove ${title} from Favourites` : `Add ${title} to Favourites`;
  const id = form.closest(".photo-viewer")?.dataset.photoId;
  const cell = id ? document.querySelector(`.photo-cell[data-photo-id="${id}"]`) : null;
  if (!cell) return;
  cell.querySelector(".favorite-badge")?.remove();
  if (favorite) {
    // As the server draws it (FavoriteBadge).
    const badge = document.createElement("span");
    badge.className = "favorite-badge";
    badge.setAttribute("role", "img");
    badge.setAttribute("aria-label", "Favourite");
    badge.textContent = "♥";
    cell.append(badge);
  }
}
