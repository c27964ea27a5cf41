// Tracker colours and other per-item tints, on `root` and inside it. Inline styles are not allowed by the pages'
// policy, so `data-tint="#rrggbb"` becomes the `--tint` custom property from here.
export function tint(root) {
  for (const item of [root, ...root.querySelectorAll("[data-tint]")]) {
    if (/^#[0-9a-f]{6}$/i.test(item.dataset?.tint ?? "")) item.style.setProperty("--tint", item.dataset.tint);
  }
}
