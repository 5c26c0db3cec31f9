// The photo apps in the browser: the pan-and-zoom viewer, a grid's further pages loaded on
// scrolling, and uploads with a progress bar per file. Every screen works without this file;
// it runs on each page and again after app.js swaps the panes (`roadtrip:swap`).

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 10;

/// The scale at which the photo first fills the view, as the original's UIScrollView did.
export function fillScale(viewWidth, viewHeight, photoWidth, photoHeight) {
  return Math.max(viewWidth / photoWidth, viewHeight / photoHeight);
}

const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

class PhotoViewer {
  constructor(root) {
    this.root = root;
    this.stage = root.querySelector(".photo-stage");
    this.image = root.querySelector(".photo-image");
    this.spinner = root.querySelector(".spinner");
    this.level = root.querySelector(".zoom-level");
    this.width = Number(root.dataset.width);
    this.height = Number(root.dataset.height);
    this.previewSize = Number(root.dataset.previewSize) || 1440;
    this.original = root.dataset.original || "";
    this.originalLoaded = false;
    this.pointers = new Map();
    this.lastTap = null;
    this.stage.classList.add("interactive");
    this.image.style.width = `${this.width}px`;
    this.image.style.height = `${this.height}px`;
    for (const element of root.querySelectorAll(".zoom-controls [hidden]")) element.hidden = false;
    this.listen();
    this.waitForImage(this.image);
    this.fit();
    this.resizeObserver = new ResizeObserver(() => this.resized());
    this.resizeObserver.observe(this.stage);
  }

  // The view's size; the scale that fills it; the limits of the zoom.
  get view() { return { width: this.stage.clientWidth, height: this.stage.clientHeight }; }
  get fill() { return fillScale(this.view.width || 1, this.view.height || 1, this.width, this.height); }
  get minimum() { return Math.min(MIN_SCALE, this.fill); }
  // A photo smaller than a tenth of the view fills it beyond 10×: zooming in never shrinks it.
  get maximum() { return Math.max(MAX_SCALE, this.fill); }

  fit() {
    this.scale = this.fill;
    this.x = (this.view.width - this.width * this.scale) / 2;
    this.y = (this.view.height - this.height * this.scale) / 2;
    this.render();
  }

  resized() {
    if (!this.stage.isConnected) {
      this.resizeObserver.disconnect();
      return;
    }
    if (Math.abs(this.scale - this.fillAtLastRender) < 1e-6) this.fit();
    else this.settle();
  }

  // Zooms to `scale` keeping the photo's point under (px, py) of the view where it is.
  zoomTo(scale, px = this.view.width / 2, py = this.view.height / 2) {
    const next = clamp(scale, this.minimum, this.maximum);
    this.x = px - (px - this.x) * (next / this.scale);
    this.y = py - (py - this.y) * (next / this.scale);
    this.scale = next;
    this.settle();
  }

  // Keeps the photo over the view: no empty band beside a photo larger than the view, and a
  // smaller photo centred.
  settle() {
    const { width, height } = this.view;
    const shownWidth = this.width * this.scale;
    const shownHeight = this.height * this.scale;
    this.x = shownWidth <= width ? (width - shownWidth) / 2 : clamp(this.x, width - shownWidth, 0);
    this.y = shownHeight <= height ? (height - shownHeight) / 2 : clamp(this.y, height - shownHeight, 0);
    this.render();
  }

  render() {
    this.image.style.transform = `translate(${this.x}px, ${this.y}px) scale(${this.scale})`;
    this.fillAtLastRender = this.fill;
    this.stage.dataset.scale = this.scale.toFixed(4);
    this.stage.dataset.fillScale = this.fill.toFixed(4);
    if (this.level) this.level.textContent = `${Math.round(this.scale * 100)}%`;
    this.loadOriginalWhenNeeded();
  }

  // The preview holds at most previewSize pixels on its longer side; deeper than that the
  // original replaces it, decoded off the main thread before it is shown.
  loadOriginalWhenNeeded() {
    if (!this.original || this.originalLoaded) return;
    // A photo no larger than the preview: the preview has all its pixels already.
    if (Math.max(this.width, this.height) <= this.previewSize) return;
    const previewScale = Math.min(1, this.previewSize / Math.max(this.width, this.height));
    if (this.scale * (window.devicePixelRatio || 1) <= previewScale * 1.05) return;
    this.originalLoaded = true;
    const full = new Image();
    full.decoding = "async";
    full.src = this.original;
    this.spinner.hidden = false;
    full.decode().then(() => {
      if (!this.image.isConnected) return;
      this.image.src = this.original;
      this.stage.dataset.original = "loaded";
    }).catch(() => {
      this.stage.dataset.original = "failed";
    }).finally(() => { this.spinner.hidden = true; });
  }

  waitForImage(image) {
    if (image.complete && image.naturalWidth > 0) return;
    this.spinner.hidden = false;
    const done = () => { this.spinner.hidden = true; };
    image.addEventListener("load", done, { once: true });
    image.addEventListener("error", done, { once: true });
  }

  point(event) {
    const box = this.stage.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  listen() {
    const stage = this.stage;
    stage.addEventListener("wheel", (event) => {
      event.preventDefault();
      // Wheels may count in lines or pages rather than pixels (Firefox does).
      const unit = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 16 : event.deltaMode === WheelEvent.DOM_DELTA_PAGE ? this.view.height : 1;
      // A trackpad pinch arrives as a wheel event with ctrlKey; it moves in smaller steps.
      const factor = Math.exp(-event.deltaY * unit * (event.ctrlKey ? 0.01 : 0.0015));
      const { x, y } = this.point(event);
      this.zoomTo(this.scale * factor, x, y);
    }, { passive: false });
    stage.addEventListener("pointerdown", (event) => this.pointerDown(event));
    stage.addEventListener("pointermove", (event) => this.pointerMove(event));
    stage.addEventListener("pointerup", (event) => this.pointerUp(event));
    stage.addEventListener("pointercancel", (event) => this.pointers.delete(event.pointerId));
    stage.addEventListener("dblclick", (event) => {
      event.preventDefault();
      // A finger's double tap is handled in pointerUp; Chrome follows it with a dblclick too,
      // which would zoom straight back.
      if (this.lastPointerType === "touch") return;
      const { x, y } = this.point(event);
      this.toggleZoom(x, y);
    });
    stage.addEventListener("keydown", (event) => this.key(event));
    this.root.querySelector(".zoom-in")?.addEventListener("click", () => this.zoomTo(this.scale * 1.5));
    this.root.querySelector(".zoom-out")?.addEventListener("click", () => this.zoomTo(this.scale / 1.5));
  }

  // Double click or double tap: from the fill scale in (to 2.5× it, or 1:1 when that is
  // closer); from any other scale, zoomed in or out, back to the fill scale.
  toggleZoom(x, y) {
    if (Math.abs(this.scale / this.fill - 1) > 0.05) this.fit();
    else this.zoomTo(Math.max(this.fill * 2.5, 1), x, y);
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const actions = {
      "+": () => this.zoomTo(this.scale * 1.25),
      "=": () => this.zoomTo(this.scale * 1.25),
      "-": () => this.zoomTo(this.scale / 1.25),
      "_": () => this.zoomTo(this.scale / 1.25),
      "0": () => this.fit(),
      ArrowLeft: () => this.go("previous"),
      ArrowRight: () => this.go("next"),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  go(direction) {
    const link = this.root.querySelector(direction === "previous" ? "a.photo-previous" : "a.photo-next");
    if (link) link.click();
  }

  pointerDown(event) {
    this.lastPointerType = event.pointerType;
    if (event.button !== 0) return;
    this.stage.setPointerCapture(event.pointerId);
    this.pointers.set(event.pointerId, this.point(event));
    this.gesture = this.startGesture();
    this.swipe = 0;
  }

  startGesture() {
    const points = [...this.pointers.values()];
    if (points.length === 1) return { kind: "pan", from: points[0], x: this.x, y: this.y, start: points[0] };
    const [a, b] = points;
    return {
      kind: "pinch", distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, scale: this.scale,
      centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, x: this.x, y: this.y,
    };
  }

  pointerMove(event) {
    if (!this.pointers.has(event.pointerId)) return;
    this.pointers.set(event.pointerId, this.point(event));
    const gesture = this.gesture;
    const points = [...this.pointers.values()];
    if (gesture.kind === "pan" && points.length === 1) {
      const wantedX = gesture.x + points[0].x - gesture.from.x;
      this.x = wantedX;
      this.y = gesture.y + points[0].y - gesture.from.y;
      this.settle();
      // How far the drag went past the photo's edge: a swipe to the neighbour when large.
      this.swipe = wantedX - this.x;
    } else if (gesture.kind === "pinch" && points.length >= 2) {
      const [a, b] = points;
      const next = clamp(gesture.scale * Math.hypot(a.x - b.x, a.y - b.y) / gesture.distance, this.minimum, this.maximum);
      const centre = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      this.x = centre.x - (gesture.centre.x - gesture.x) * (next / gesture.scale);
      this.y = centre.y - (gesture.centre.y - gesture.y) * (next / gesture.scale);
      this.scale = next;
      this.settle();
    }
  }

  pointerUp(event) {
    const start = this.gesture?.start;
    const end = this.pointers.get(event.pointerId);
    this.pointers.delete(event.pointerId);
    if (this.pointers.size > 0) {
      // A pinch became a pan: the finger left on the glass starts afresh, with no swipe.
      this.gesture = this.startGesture();
      this.swipe = 0;
      return;
    }
    // A swipe: the drag went well past the photo's edge, and sideways rather than diagonally
    // (a diagonal drag into a corner of a zoomed photo is a pan that reached the corner).
    const sideways = start && end && Math.abs(end.x - start.x) > 2 * Math.abs(end.y - start.y);
    if (Math.abs(this.swipe) > 60 && sideways) {
      this.go(this.swipe > 0 ? "previous" : "next");
      return;
    }
    // A double tap on a touch screen (browsers do not send dblclick for touch reliably).
    if (event.pointerType === "touch" && start && end && Math.hypot(end.x - start.x, end.y - start.y) < 10) {
      const now = performance.now();
      if (this.lastTap && now - this.lastTap.time < 320 && Math.hypot(end.x - this.lastTap.x, end.y - this.lastTap.y) < 30) {
        this.lastTap = null;
        this.toggleZoom(end.x, end.y);
      } else {
        this.lastTap = { time: now, x: end.x, y: end.y };
      }
    }
  }
}

// A grid's further pages: "More photos" is a link to the next page; when it scrolls into
// view the page is fetched and its photos appended, and the link moves on.
function watchGrid(more) {
  const pane = more.closest(".pane-content");
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) loadMore(more, observer);
  }, { root: pane, rootMargin: "400px" });
  observer.observe(more);
}

async function loadMore(more, observer) {
  const link = more.querySelector("a.more-photos");
  if (!link || more.classList.contains("loading")) return;
  more.classList.add("loading");
  try {
    const response = await fetch(link.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    if (!response.ok) throw new Error(String(response.status));
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const grid = more.parentElement.querySelector(".photo-grid");
    const items = page.querySelectorAll("#master-content .photo-grid > li");
    grid.append(...[...items].map((item) => document.adoptNode(item)));
    const next = page.querySelector("#master-content .grid-more a.more-photos");
    if (next) {
      link.href = next.getAttribute("href");
      // Observed afresh: if the link is still near the view (a tall screen, a short page),
      // the observer says so again and the next page follows.
      observer.unobserve(more);
      observer.observe(more);
    } else {
      observer.disconnect();
      more.remove();
    }
  } catch {
    // The link stays: a tap on it loads the page the plain way.
  } finally {
    more.classList.remove("loading");
  }
}

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

function send(form, { file, row }, done) {
  const request = new XMLHttpRequest();
  const bar = row.querySelector("progress");
  const status = row.querySelector(".upload-status");
  const finish = (outcome, message, answer) => {
    row.classList.add(outcome);
    bar.value = 100;
    status.textContent = message;
    if (answer?.thumbnail) {
      row.querySelector(".upload-thumb").src = answer.thumbnail;
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
    else finish("refused", `Refused: the server answered ${request.status}`);
  });
  request.addEventListener("error", () => finish("refused", "Failed: the connection was lost; try again"));
  status.textContent = "Uploading…";
  request.send(file);
}

// The grid beside the viewer marks the photo on screen. The server marks it only among the
// grid's first page; the pages this script appended are marked here, and the cell is kept in
// view as the arrows and swipes move through the place.
function markOpenPhoto() {
  const viewer = document.querySelector(".photo-viewer");
  const grid = document.querySelector("#master-content .photo-grid");
  if (!viewer || !grid) return;
  let current = null;
  for (const cell of grid.querySelectorAll("a.photo-cell")) {
    if (cell.dataset.photoId === viewer.dataset.photoId) {
      cell.setAttribute("aria-current", "page");
      current = cell;
    } else {
      cell.removeAttribute("aria-current");
    }
  }
  if (current && current.offsetParent) current.scrollIntoView({ block: "nearest" });
}

function setUp() {
  for (const root of document.querySelectorAll(".photo-viewer:not([data-ready])")) {
    root.dataset.ready = "true";
    const viewer = new PhotoViewer(root);
    root.viewer = viewer;
  }
  for (const more of document.querySelectorAll(".grid-more:not([data-ready])")) {
    more.dataset.ready = "true";
    watchGrid(more);
  }
  for (const form of document.querySelectorAll(".upload-form:not([data-ready])")) {
    form.dataset.ready = "true";
    setUpUpload(form);
  }
  markOpenPhoto();
}

// Arrow keys turn photos wherever the focus is, unless a field or another control wants them.
document.addEventListener("keydown", (event) => {
  const viewer = document.querySelector(".photo-viewer")?.viewer;
  if (!viewer || event.defaultPrevented) return;
  if (event.target.closest?.("input, textarea, select, .photo-stage, [contenteditable]")) return;
  viewer.key(event);
});

document.addEventListener("roadtrip:swap", setUp);
setUp();
