// Forms that complete a step (signing in) leave no screen of their own in the history: the page
// they lead to takes their page's place, as a sheet that closes leaves nothing to go back to
// (`data-completes="in-place"`). Back then goes where it went before the form. (Visit and Unvisit
// are sheets and popovers, popovers.js; a tag changes in place, photo-tags.js.) Offline, the
// browser posts the form itself, for the service worker to keep (outbox.js).

import { fetchPage } from "./shared.js";

/** `show(url, { replace, direction, answer })`: app.js's, a page put in place of the one on screen. */
export function startCompletingForms(show) {
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.dataset.completes !== "in-place" || event.defaultPrevented) return;
    event.preventDefault();
    if (form.dataset.busy) return; // one post at a time: a double tap sends one
    form.dataset.busy = "true";
    let answer;
    try {
      answer = await fetchPage(form.action, { method: "POST", body: new URLSearchParams(new FormData(form, event.submitter)) });
    } catch {
      form.submit();
      return;
    } finally {
      delete form.dataset.busy;
    }
    if (document.body.classList.contains("single")) {
      // A page of its own (signing in): where it leads loads whole, in its place; a refusal
      // shows in the form's pane.
      if (answer.redirected) location.replace(answer.url);
      else showRefusal(await answer.text());
      return;
    }
    show(answer.redirected ? answer.url : location.href, { replace: true, direction: "none", answer });
  });
}

function showRefusal(html) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const next = page.getElementById("detail-content");
  if (!next) return;
  document.getElementById("detail-content").replaceWith(document.adoptNode(next));
  document.title = page.title;
  document.querySelector("#detail-content [role=alert], #detail-content input[aria-invalid], #detail-content input:not([type=hidden])")?.focus();
}
