// "Back to Events" and "Back to Weather": the top bar's button that steps back inside the web
// views on screen (web-view.js), as the original's goBack did.

/** "Back to Events" (or "Back to Weather") in the detail's top bar, shown while a frame on
 * screen has followed a link away from the page it opened with; each press is one step back
 * in the frame that followed one last (its entry is the newest in the history). */
export class BackButton {
  constructor(label, frames) {
    const onPress = () => {
      const away = frames().filter((frame) => !frame.atHome);
      away.sort((a, b) => b.lastStep - a.lastStep)[0]?.goBack();
    };
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.className = "bar-button web-back";
    this.button.textContent = `‹ Back to ${label}`;
    this.button.hidden = true;
    this.button.addEventListener("click", onPress);
    document.querySelector("#detail header.bar .bar-trailing")?.append(this.button);
  }

  update(frames) {
    const show = frames.some((frame) => frame.state === "loaded" && !frame.atHome);
    if (this.button.hidden === !show) return;
    const hadFocus = document.activeElement === this.button;
    this.button.hidden = !show;
    if (hadFocus && !show) document.getElementById("detail")?.focus({ preventScroll: true });
  }

  destroy() {
    this.button.remove();
  }
}
