// Tracker colours and other per-item tints, on `root` and inside it. Inline styles are not allowed by the pages'
// policy, so `data-tint="#rrggbb"` becomes the `--tint` custom property from here, with `--on-tint`: black or
// white, whichever reads better on it (at least 4.5:1 for any colour).
export function tint(root) {
  for (const item of [root, ...root.querySelectorAll("[data-tint]")]) {
    const hex = item.dataset?.tint ?? "";
    if (!/^#[0-9a-f]{6}$/i.test(hex)) continue;
    item.style.setProperty("--tint", hex);
    item.style.setProperty("--on-tint", contrastOn(hex));
  }
}

function contrastOn(hex) {
  const channel = (i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (1.05 / (luminance + 0.05)) >= ((luminance + 0.05) / 0.05) ? "#ffffff" : "#000000";
}
