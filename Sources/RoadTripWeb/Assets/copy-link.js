// Copy link, on Share… (its own screen or a popover): the new link's address goes to the
// clipboard where the page may use the Clipboard API (a secure context that allows it), and is
// selected in its field otherwise, ready for the person to copy. Without JavaScript the button
// is not shown (app.css) and the field is there to select. app.js imports this module.

document.addEventListener("click", async (event) => {
  const button = event.target.closest?.("button.copy-link");
  if (!button) return;
  const field = button.closest(".new-link")?.querySelector("input.link-address");
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard here");
    await navigator.clipboard.writeText(button.dataset.copy);
    button.textContent = "Copied";
  } catch {
    field?.focus();
    field?.select();
    button.textContent = "Selected: copy it";
  }
});

// A tap in the field selects the whole address.
document.addEventListener("focusin", (event) => {
  if (event.target.matches?.("input.link-address")) event.target.select();
});
