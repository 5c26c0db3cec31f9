// The upload screen with the script: each file sent on its own, with a progress bar and its
// outcome. app.js loads this module on the upload screen. Without it the form posts the
// files as one multipart form.

// Upload: each file posted on its own, with its own progress bar and outcome, then the totals
// of the batch. Files come from the picker (sent as soon as they are chosen) or are dropped
// anywhere on the screen.
function setUpUpload(form) {
  const input = form.querySelector("input[type=file]");
  const list = form.parentElement.querySelector(".upload-list");
  const summary = form.parentElement.querySelector(".upload-summary");
  const queue = [];
  let totals = null;
  let running = 0;

  const add = (files) => {
    if (files.length === 0) return;
    // A new batch once the last one is done: its rows and totals replace the last one's.
    if (running === 0 && queue.length === 0) {
      totals = { imported: 0, "already-there": 0, refused: 0 };
      list.replaceChildren();
    }
    summary.hidden = true;
    for (const file of files) queue.push({ file, row: addRow(list, file) });
    pump();
  };
  const pump = () => {
    while (running < 2 && queue.length > 0) {
      const job = queue.shift();
      running += 1;
      send(form, job, (outcome) => {
        totals[outcome] = (totals[outcome] || 0) + 1;
        running -= 1;
        if (running === 0 && queue.length === 0) {
          summary.textContent = `${totals.imported} imported, ${totals["already-there"]} already there, ${totals.refused} refused`;
          summary.hidden = false;
        }
        pump();
      });
    }
  };
  form.uploader = { add };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (input.files.length > 0) add([...input.files]);
    else input.click(); // nothing chosen yet: the button opens the picker
    input.value = "";
  });
  input.addEventListener("change", () => {
    add([...input.files]);
    input.value = "";
  });
}

// Files dragged over the upload screen: anywhere on it takes them (a drop beside the zone
// would otherwise make the browser open the file in place of RoadTrip).
function uploadFormFor(event) {
  if (!event.dataTransfer || ![...event.dataTransfer.types].includes("Files")) return null;
  return document.querySelector(".upload-form[data-ready]");
}

document.addEventListener("dragover", (event) => {
  const form = uploadFormFor(event);
  if (!form) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = "copy";
  form.querySelector(".drop-zone")?.classList.add("dragging");
});
document.addEventListener("dragleave", (event) => {
  if (event.relatedTarget) return; // still over the page
  document.querySelector(".drop-zone.dragging")?.classList.remove("dragging");
});
document.addEventListener("drop", (event) => {
  const form = uploadFormFor(event);
  if (!form) return;
  event.preventDefault();
  form.querySelector(".drop-zone")?.classList.remove("dragging");
  form.uploader.add([...event.dataTransfer.files]);
});

function addRow(list, file) {
  const row = document.createElement("li");
  row.className = "upload-item";
  const thumb = document.createElement("img");
  thumb.className = "upload-thumb";
  thumb.alt = "";
  const name = document.createElement("span");
  name.className = "upload-name";
  name.textContent = file.name;
  const bar = document.createElement("progress");
  bar.max = 100;
  bar.value = 0;
  bar.setAttribute("aria-label", `Uploading ${file.name}`);
  const status = document.createElement("span");
  status.className = "upload-status";
  status.textContent = "Waiting…";
  row.append(thumb, name, bar, status);
  list.append(row);
  return row;
}

/** A busy server (503) is asked again this many times, after the seconds its Retry-After says. */
const busyTries = 4;
const longestBusyWait = 60;

/** Seconds to wait before asking a busy server again: its Retry-After, within 1…60 (5 when it says nothing usable). */
function busyWait(request) {
  const seconds = Number.parseInt(request.getResponseHeader("Retry-After") ?? "", 10);
  return Number.isFinite(seconds) ? Math.min(longestBusyWait, Math.max(1, seconds)) : 5;
}

function send(form, { file, row }, done, tries = 1) {
  const request = new XMLHttpRequest();
  const bar = row.querySelector("progress");
  const status = row.querySelector(".upload-status");
  const finish = (outcome, message, answer) => {
    row.classList.add(outcome);
    bar.value = 100;
    status.textContent = message;
    // A photo has a thumbnail; a track file only its link.
    if (answer?.thumbnail) row.querySelector(".upload-thumb").src = answer.thumbnail;
    if (answer?.photo) {
      const link = document.createElement("a");
      link.href = answer.photo;
      link.textContent = file.name;
      row.querySelector(".upload-name").replaceChildren(link);
    }
    done(outcome);
  };
  request.open("POST", `${form.dataset.fileAction}?name=${encodeURIComponent(file.name)}`);
  request.setRequestHeader("X-CSRF-Token", form.dataset.token);
  request.setRequestHeader("Content-Type", "application/octet-stream");
  request.upload.addEventListener("progress", (event) => {
    if (!event.lengthComputable) return;
    bar.value = Math.round((event.loaded / event.total) * 100);
    status.textContent = bar.value < 100 ? `Uploading… ${bar.value}%` : "Importing…";
  });
  request.addEventListener("load", () => {
    let answer = null;
    try { answer = JSON.parse(request.responseText); } catch { /* not one of ours: a proxy or the server's limit */ }
    if (answer?.outcome) finish(answer.outcome, answer.message, answer);
    else if (request.status === 413) finish("refused", "Refused: the file is larger than the upload limit");
    else if (request.status === 503 && tries < busyTries) waitWhileBusy(busyWait(request), status, () => send(form, { file, row }, done, tries + 1));
    else finish("refused", `Refused: the server answered ${request.status}`);
  });
  request.addEventListener("error", () => finish("refused", "Failed: the connection was lost; try again"));
  status.textContent = "Uploading…";
  request.send(file);
}

/** Counts down on the row, then sends again: the person sees it is waiting, not stuck. */
function waitWhileBusy(seconds, status, again) {
  let left = seconds;
  const show = () => { status.textContent = `RoadTrip is busy; trying again in ${left} s`; };
  show();
  const timer = setInterval(() => {
    left -= 1;
    if (left > 0) return show();
    clearInterval(timer);
    again();
  }, 1000);
}

function setUp() {
  for (const form of document.querySelectorAll(".upload-form:not([data-ready])")) {
    form.dataset.ready = "true";
    setUpUpload(form);
  }
}

document.addEventListener("roadtrip:swap", setUp);
setUp();
