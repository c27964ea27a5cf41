// Daybook's shared page behaviour: the service worker, and small enhancements that pages work without.

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // Offline support is a bonus; the app works without it.
  });
}

function enhance() {
  // Move focus to an error summary so screen readers announce what went wrong.
  const summary = document.getElementById("form-error");
  if (summary) summary.focus();

  // A colour picker beside the accent's hex field, kept in step both ways.
  const hex = document.getElementById("accentColor");
  if (hex && hex.tagName === "INPUT") {
    const picker = document.createElement("input");
    picker.type = "color";
    picker.setAttribute("aria-hidden", "true");
    picker.tabIndex = -1;
    const valid = (value) => /^#[0-9a-fA-F]{6}$/.test(value);
    if (valid(hex.value)) picker.value = hex.value.toLowerCase();
    const row = document.createElement("div");
    row.className = "color-row";
    hex.replaceWith(row);
    row.append(picker, hex);
    picker.addEventListener("input", () => { hex.value = picker.value; });
    hex.addEventListener("input", () => { if (valid(hex.value)) picker.value = hex.value.toLowerCase(); });
  }

  // Swatches that are not presets get their colour here (presets are coloured by the stylesheet).
  for (const dot of document.querySelectorAll(".swatch-dot[data-color]")) {
    const color = dot.dataset.color;
    if (/^#[0-9a-f]{6}$/.test(color)) dot.style.backgroundColor = color;
  }
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", enhance);
} else {
  enhance();
}
