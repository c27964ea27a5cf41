// An entry this device keeps as data but not as a page (anything older than the latest 100 entries or 90 days),
// opened without the server: the worker answers its address with the offline page, and this draws the entry there
// from the kept journal (`kept-journal.js`), as its own page shows it: date, title, tags, the text, the place.
// The Markdown is shown as its paragraphs, headings and list items, without inline formatting; the server's page
// shows it whole once it can be reached again.

import { element, plainText } from "./dom.js";
import { keptEntry } from "./kept-journal.js";

const labels = document.getElementById("offline-status")?.dataset ?? {};

/** The Markdown text as blocks: headings, list items and paragraphs, inline marks left out. */
function blocks(markdown) {
  const nodes = [];
  for (const chunk of markdown.replace(/\r\n/g, "\n").split(/\n{2,}/)) {
    const lines = chunk.split("\n");
    const heading = /^(#{1,6})\s+(.*)$/.exec(lines[0]);
    if (heading && lines.length === 1) {
      nodes.push(element(`h${Math.min(6, heading[1].length + 1)}`, {}, plainText(heading[2])));
    } else if (lines.every((line) => /^\s*([-*+]|\d+[.)])\s+/.test(line))) {
      const list = element(/^\s*\d/.test(lines[0]) ? "ol" : "ul");
      for (const line of lines) list.append(element("li", {}, plainText(line.replace(/^\s*([-*+]|\d+[.)])\s+/, ""))));
      nodes.push(list);
    } else if (plainText(chunk)) {
      nodes.push(element("p", {}, plainText(chunk)));
    }
  }
  return nodes;
}

async function show() {
  const id = decodeURIComponent(location.pathname.split("/")[2] || "");
  const entry = await keptEntry(id).catch(() => undefined);
  const section = document.getElementById("offline");
  if (!entry || !section) return;
  const article = element("article", { class: "entry", id: "entry", "data-id": entry.id, "data-on-device": "" });
  const header = element("header", { class: "page-header" });
  const eyebrow = element("p", { class: "eyebrow" });
  eyebrow.append(element("time", { datetime: entry.day }, entry.row.dateLabel), ` · ${entry.row.wordsLabel}`);
  header.append(eyebrow, element("h1", { id: "entry-title" }, entry.row.title));
  if (entry.tags.length > 0) {
    const tags = element("p", { class: "tags" });
    for (const tag of entry.tags) tags.append(element("span", { class: "tag" }, `#${tag}`), " ");
    header.append(tags);
  }
  const body = element("div", { class: "card markdown entry-prose", id: "entry-body" });
  body.append(...blocks(entry.body));
  article.append(element("p", { class: "offline-banner", id: "entry-on-device", role: "status" }, labels.entryOnDevice || ""),
    header, body);
  if (entry.row.placeLabel) article.append(element("p", { class: "entry-place", id: "entry-place" }, entry.row.placeLabel));
  document.title = `${entry.row.title} · ${document.title.split(" · ").pop()}`;
  section.replaceWith(article);
}

show();
