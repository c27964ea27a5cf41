// Small helpers for the scripts that draw what a page shows about this device: an element with its attributes and
// text, a template's `{name}` places filled in, and Markdown read as plain text.

export function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export const fill = (template, values) => (template || "").replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");

/** Markdown as the words a person reads: pictures left out, links as their text, marks dropped, spaces collapsed. */
export const plainText = (markdown) => markdown.replace(/!\[[^\]]*\]\([^)]*\)/g, "")
  .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[#>*_`~|[\]]/g, "").replace(/\s+/g, " ").trim();
