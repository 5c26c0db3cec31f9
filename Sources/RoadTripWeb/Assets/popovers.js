// Popovers: on a tablet or wider, a link marked `popover-link` (Add vacation, Visit) opens its
// page's form in a dialog over the list instead of a screen of its own, as the original's
// popovers did. The form posts from there; a refusal (a blank name, a name that exists) is
// shown in the dialog, a success moves on to where the server sends it. On a phone the link
// is an ordinary link to the form's own screen (a phone on its side too), unless it is marked
// `sheet-on-phone` too (the book's reading settings): then it opens as a sheet from the foot of
// the screen, as a phone's settings do. One popover at a time,
// one post at a time: a double click opens one dialog and sends one form. app.js starts them
// (`startPopovers`), with the way it shows a page where a popover's form leads.

import { currentLayout, fetchPage } from "./shared.js";

let popoverOpening = false;
// app.js's `show`: a page swapped in as a link followed would be.
let showPage = null;

async function openPopover(url, opener) {
  if (popoverOpening || document.querySelector("dialog.popover")) return;
  popoverOpening = true;
  let html;
  try {
    const response = await fetchPage(url);
    if (!response.ok) throw new Error(String(response.status));
    html = await response.text();
  } catch {
    location.assign(url); // the form's own screen says what went wrong
    return;
  } finally {
    popoverOpening = false;
  }
  const dialog = document.createElement("dialog");
  dialog.className = currentLayout().phone ? "popover sheet" : "popover";
  dialog.setAttribute("aria-label", opener.getAttribute("aria-label") ?? opener.textContent.replace("…", "").trim());
  const close = document.createElement("button");
  close.type = "button";
  close.className = "link-button popover-close";
  close.textContent = "Cancel";
  close.addEventListener("click", () => dialog.close());
  const content = document.createElement("div");
  content.className = "popover-content";
  dialog.append(close, content);
  document.body.append(dialog);
  // Keys typed in the dialog are the dialog's: the page under it must not act on them too (an
  // arrow turning the photo behind a Visit list, Escape closing the list under Add vacation).
  // Escape still closes the dialog itself: that is its default action, not a listener's.
  dialog.addEventListener("keydown", (event) => event.stopPropagation());
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (opener.isConnected) opener.focus();
  });
  fillPopover(content, html, dialog);
  dialog.showModal();
  content.querySelector("[autofocus], input:not([type=hidden]), button")?.focus();
}

function fillPopover(content, html, dialog) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const detail = page.getElementById("detail-content");
  content.replaceChildren(...(detail ? [...detail.childNodes].map((node) => document.adoptNode(node)) : []));
  // What the page's modules make of a screen's content (Share…, times in the reader's zone).
  document.dispatchEvent(new CustomEvent("roadtrip:popover"));
  // "Back" in an alert returns to the form inside the dialog. Any other link closes it first: one
  // to the page under the dialog ("Back to the photo") only closes it, one elsewhere goes there.
  content.querySelectorAll("a[href]:not(.alert-back)").forEach((link) => link.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(link.href, location.href);
    dialog.close();
    if (url.origin === location.origin && url.pathname === location.pathname && url.search === location.search) event.preventDefault();
  }));
  content.querySelectorAll("a.alert-back").forEach((link) => link.addEventListener("click", async (event) => {
    event.preventDefault();
    await answerInPopover(content, dialog, () => fetchPage(link.href), link.href);
    content.querySelector("input:not([type=hidden])")?.focus();
  }));
  for (const form of content.querySelectorAll("form")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = new URLSearchParams(new FormData(form, event.submitter));
      const shown = await answerInPopover(content, dialog, () => fetchPage(form.action, { method: "POST", body }), null, form);
      if (shown) content.querySelector("[role=alert], [role=alertdialog] a, input[aria-invalid]")?.focus();
    });
  }
}

/** Sends the dialog's request (one at a time); a redirect closes the dialog and shows where it
 * leads, any other answer (a refusal, an error page) fills the dialog. Offline, the browser
 * takes over: `form` is posted, or `url` opened, the ordinary way. True when the dialog shows
 * the answer. */
async function answerInPopover(content, dialog, send, url, form = null) {
  if (dialog.dataset.busy) return false;
  dialog.dataset.busy = "true";
  try {
    const answer = await send();
    if (answer.redirected) {
      dialog.close();
      // Back to the page under the dialog (the book, in its new settings) is no step forward.
      const same = answer.url === location.href;
      // Where the change was made (a link's row of Share…) stays in view on the page it leads to,
      // as a form posted the plain way scrolls to the address's fragment.
      const place = form?.closest("[id]")?.id;
      showPage(answer.url, { push: !same, direction: same ? "none" : "forward" }).then(() => {
        if (place) document.querySelector(`#detail [id="${CSS.escape(place)}"]`)?.scrollIntoView({ block: "center" });
      });
      return false;
    }
    fillPopover(content, await answer.text(), dialog);
    return true;
  } catch {
    if (form) form.submit();
    else location.assign(url);
    return false;
  } finally {
    delete dialog.dataset.busy;
  }
}

/** Links marked `popover-link` open as popovers from now on; `show(url, { push, direction })`
 * shows where a popover's form leads. */
export function startPopovers(show) {
  showPage = show;
  document.addEventListener("click", openOnClick, { capture: true });
}

function openOnClick(event) {
  const link = event.target.closest("a.popover-link");
  if (!link || event.defaultPrevented || (currentLayout().phone && !link.classList.contains("sheet-on-phone"))) return;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  openPopover(link.href, link);
}
