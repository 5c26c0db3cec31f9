// The owner's Import screen with the script: Takeout parts and export folders go up a piece at
// a time (8 MiB), each piece posted at the offset the server says it has, so an upload that
// breaks — a dropped network, a closed laptop, a server restarted — goes on where it stopped when
// the same file is chosen again (and at once, a few times, when the network comes back). Then
// the list of what can be imported is read again (an import asked for follows its progress with
// progress.js). app.js loads this module on those screens.

import { fetchDocument } from "./shared.js";

const PIECE = 8 << 20;
const TRIES = 5;

function setUpScreen(screen) {
  if (screen.dataset.ready) return;
  screen.dataset.ready = "true";
  const list = screen.querySelector(".import-uploads");
  const queue = [];
  let running = false;
  const pump = async () => {
    if (running) return;
    running = true;
    while (queue.length > 0) await upload(screen, queue.shift());
    running = false;
    await refreshChoices(screen);
  };
  for (const button of screen.querySelectorAll(".upload-pickers button")) {
    button.addEventListener("click", () => document.getElementById(button.getAttribute("aria-controls"))?.click());
  }
  for (const input of screen.querySelectorAll(".import-files, .import-folder")) {
    input.addEventListener("change", () => {
      for (const file of input.files) queue.push({ file, name: file.webkitRelativePath || file.name, row: addRow(list, file) });
      input.value = "";
      pump();
    });
  }
}

function addRow(list, file) {
  const row = document.createElement("li");
  row.className = "import-upload-row";
  const name = document.createElement("span");
  name.className = "row-title";
  name.textContent = file.webkitRelativePath || file.name;
  const bar = document.createElement("progress");
  bar.max = 100;
  bar.value = 0;
  const status = document.createElement("span");
  status.className = "row-subtitle upload-status";
  status.textContent = "Waiting…";
  row.append(name, bar, status);
  list.append(row);
  return row;
}

/** Sends `file` from where the server's copy ends, a piece at a time. */
async function upload(screen, { file, name, row }) {
  const token = screen.dataset.token;
  const bar = row.querySelector("progress");
  const status = row.querySelector(".upload-status");
  const address = (extra = "") => `/import/uploads?name=${encodeURIComponent(name)}${extra}`;
  const show = (size) => {
    bar.value = file.size === 0 ? 100 : Math.floor((size / file.size) * 100);
    status.textContent = `${bar.value}% of ${megabytes(file.size)}`;
  };
  let tries = 0;
  let size = null;
  for (;;) {
    try {
      if (size === null) {
        const answer = await fetch(address(`&total=${file.size}`), { credentials: "same-origin", headers: { Accept: "application/json" } });
        const body = await answer.json();
        if (!answer.ok) throw new Refusal(body.error || answer.statusText);
        if (body.complete) {
          show(file.size);
          status.textContent = body.size === file.size ? "Uploaded" : "Another file of this name was uploaded already";
          row.classList.add(body.size === file.size ? "uploaded" : "refused");
          return;
        }
        size = body.size;
        if (size > 0) status.textContent = `Going on from ${megabytes(size)}…`;
      }
      const end = Math.min(file.size, size + PIECE);
      const answer = await fetch(address(`&offset=${size}&total=${file.size}`), {
        method: "POST",
        credentials: "same-origin",
        headers: { "X-CSRF-Token": token, "Content-Type": "application/octet-stream", Accept: "application/json" },
        body: file.slice(size, end),
      });
      const body = await answer.json().catch(() => ({}));
      if (answer.status === 409 && typeof body.size === "number") {
        size = body.size; // the server has another end: go on from there
        continue;
      }
      // A server restarting, or busy with other uploads: asked again, as a broken connection is.
      if ([502, 503, 504].includes(answer.status)) throw new Error(String(answer.status));
      if (!answer.ok) throw new Refusal(body.error || `${answer.status} ${answer.statusText}`);
      size = body.size;
      tries = 0;
      show(size);
      if (body.complete) {
        status.textContent = "Uploaded";
        row.classList.add("uploaded");
        return;
      }
    } catch (error) {
      if (error instanceof Refusal || ++tries > TRIES) {
        status.textContent = error instanceof Refusal
          ? `Refused: ${error.message}`
          : `Stopped at ${megabytes(size ?? 0)}: choose the file again to go on from there.`;
        row.classList.add("refused");
        return;
      }
      status.textContent = "The connection broke; trying again…";
      await new Promise((resolve) => setTimeout(resolve, 1000 * tries));
      size = null; // ask where the server's copy ends
    }
  }
}

class Refusal extends Error {}

function megabytes(bytes) {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.round(bytes / 1e6)} MB`;
}

/** The list of what can be imported, read again with the uploads in it. */
async function refreshChoices(screen) {
  try {
    const fresh = (await fetchDocument(location.pathname)).querySelector(".import-choose");
    const current = screen.querySelector(".import-choose");
    if (fresh && current) current.replaceWith(document.adoptNode(fresh));
  } catch {
    // offline: the uploads are listed the next time the screen is opened
  }
}

function setUp() {
  for (const screen of document.querySelectorAll(".import-screen")) setUpScreen(screen);
}

setUp();
document.addEventListener("roadtrip:swap", setUp);
