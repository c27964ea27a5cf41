// Bars that stay on screen while a person writes on a phone. When the keyboard is up, Safari (and Chrome on
// Android with its default) shrinks only the visual viewport: fixed and sticky bars stay at the layout viewport's
// edges, under the keyboard. The Visual Viewport API says how much of the page the keyboard covers and how far the
// visible part has scrolled; two CSS properties carry that to the bars (`--keyboard-inset` under the Done/Save bar,
// `--viewport-top` above the formatting toolbar), so Done and Save ride above the keyboard and the toolbar stays in
// sight. Without the API (or with no keyboard) both stay 0 and the bars sit where the stylesheet puts them.
//
// And what gets focus from the keyboard is never left under a bar (WCAG 2.4.11). Browsers bring a focused element
// into view only when none of it shows, so a field half under the tab bar or the Done/Save bar stayed there: it is
// scrolled by the least that shows it whole between the bars (the page's `scroll-padding`, app.css), or as much of
// it as fits.

const root = document.documentElement;

function place() {
  const view = window.visualViewport;
  if (!view) return;
  // Zoomed in with two fingers, the visual viewport is small with no keyboard at all: the bars stay put.
  const covered = view.scale > 1.01 ? 0 : Math.max(0, Math.round(window.innerHeight - view.height - view.offsetTop));
  root.style.setProperty("--keyboard-inset", `${covered}px`);
  root.style.setProperty("--viewport-top", `${Math.max(0, Math.round(view.offsetTop))}px`);
  root.classList.toggle("keyboard-up", covered > 80);
}

if (window.visualViewport) {
  window.visualViewport.addEventListener("resize", place);
  window.visualViewport.addEventListener("scroll", place);
  place();
}

/** The part of the window no bar covers, as narrowed by the boxes around `element` that scroll or clip (a row of
 * tags that scrolls sideways): the page's scroll padding (app.css) is the bars' height. */
function clearBand(element) {
  const style = getComputedStyle(root);
  const height = window.visualViewport ? window.visualViewport.height : window.innerHeight;
  const band = {
    top: parseFloat(style.scrollPaddingTop) || 0, bottom: height - (parseFloat(style.scrollPaddingBottom) || 0),
    left: 0, right: root.clientWidth,
  };
  for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
    const overflow = getComputedStyle(box);
    if (overflow.overflowX === "visible" && overflow.overflowY === "visible") continue;
    const clip = box.getBoundingClientRect();
    band.left = Math.max(band.left, clip.left);
    band.right = Math.min(band.right, clip.right);
    band.top = Math.max(band.top, clip.top);
    band.bottom = Math.min(band.bottom, clip.bottom);
  }
  return band;
}

// Focus that a tap or a click brings is left alone: the person is looking at what they touched, and scrolling
// between the press and its release would move the button from under the finger and lose the tap.
let pressedAt = -Infinity;
document.addEventListener("pointerdown", () => (pressedAt = performance.now()), { capture: true, passive: true });
// Coming back to the page (from another app or tab) gives the last focused element focus again: left alone too.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") pressedAt = performance.now();
});

document.addEventListener("focusin", (event) => {
  if (performance.now() - pressedAt < 1000) return;
  const element = event.target;
  if (!(element instanceof Element) || element.closest("#app-nav, .sticky-actions, .skip-link")) return;
  const box = element.getBoundingClientRect();
  const row = element.closest(".toolbar");
  if (row) {
    // The toolbar stays where it is; only its row scrolls sideways to show the tool.
    const shown = row.getBoundingClientRect();
    if (box.left < shown.left) row.scrollLeft -= shown.left - box.left;
    else if (box.right > shown.right) row.scrollLeft += box.right - shown.right;
    return;
  }
  const band = clearBand(element);
  const whole = box.top >= band.top - 1 && box.bottom <= band.bottom + 1 && box.left >= band.left - 1
    && box.right <= band.right + 1;
  if (box.height === 0 || whole) return;
  // "nearest" honours the scroll padding: the least scroll that shows it whole, or its start when it is taller.
  element.scrollIntoView({ block: box.height > band.bottom - band.top ? "start" : "nearest", inline: "nearest" });
});
