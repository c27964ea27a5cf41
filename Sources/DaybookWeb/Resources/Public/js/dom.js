// Small helpers for the scripts that draw what a page shows about this device: an element with its attributes and
// text, and a template's `{name}` places filled in.

export function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export const fill = (template, values) => (template || "").replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");
