// Entries written or changed on this device, shown where they belong while their words wait in the outbox: the
// Journal lists each, marked "Waiting" (a new one at the top, opening its editor), and an entry's own page shows its
// waiting words above the ones the server has.

import { element, plainText } from "./dom.js";
import { labels, root } from "./offline-status.js";

/** The newest waiting words of each entry written or changed on this device: `{id, isNew, title, body, madeAt}`. */
function waitingEntries(list) {
  const newest = new Map();
  for (const item of list) {
    if (!item.entry || item.state !== "waiting" || typeof item.body !== "string") continue;
    if ((newest.get(item.entry)?.madeAt ?? -1) > item.madeAt) continue;
    try {
      const json = JSON.parse(item.body);
      newest.set(item.entry, {
        id: item.entry, isNew: item.method === "POST", title: json.title ?? "", body: json.body ?? "",
        date: json.date, madeAt: item.madeAt,
      });
    } catch {
      // Not the editor's words: listed among the changes only.
    }
  }
  return [...newest.values()].sort((a, b) => b.madeAt - a.madeAt);
}

/** Marks the entries the outbox's changes (`list`, as `items` gives them) write, drawn again from scratch. */
export function showWaitingEntries(list) {
  for (const node of document.querySelectorAll(".waiting-mark")) node.remove();
  const entries = waitingEntries(list);
  const rows = document.getElementById("entries");
  if (rows) {
    const fresh = element("ol", { class: "entry-list waiting-mark", id: "waiting-entries" });
    for (const entry of entries) {
      const title = entry.title.trim() || plainText(entry.body).slice(0, 60) || labels.untitled;
      const row = document.getElementById(`entry-${entry.id}`);
      const badge = element("span", { class: "badge waiting-mark waiting-badge" }, labels.waitingBadge);
      if (row) {
        row.querySelector(".entry-title")?.after(badge);
        const snippet = row.querySelector(".snippet");
        if (snippet) snippet.after(element("span", { class: "snippet waiting-mark" }, plainText(entry.body).slice(0, 200)));
        snippet?.setAttribute("hidden", "");
        continue;
      }
      const href = entry.isNew ? `/journal/new?entry=${encodeURIComponent(entry.id)}` : `/journal/${encodeURIComponent(entry.id)}`;
      const when = new Date(entry.date || entry.madeAt).toLocaleString(root.lang, { dateStyle: "medium", timeStyle: "short" });
      const link = element("a", { class: "entry-link", href });
      const words = element("span", { class: "entry-text" });
      words.append(element("span", { class: "entry-meta" }, when), element("strong", { class: "entry-title" }, title),
        badge, element("span", { class: "snippet" }, plainText(entry.body).slice(0, 200)));
      link.append(words);
      const item = element("li", { class: "entry-row", id: `entry-${entry.id}`, "data-waiting": "" });
      item.append(link);
      fresh.append(item);
    }
    if (fresh.childElementCount > 0) {
      rows.prepend(fresh);
      document.getElementById("journal-empty")?.setAttribute("hidden", "");
    }
  }
  const article = document.getElementById("entry");
  const mine = entries.find((entry) => entry.id === article?.dataset.id);
  if (mine) {
    const box = element("section", { class: "card waiting-mark entry-waiting", id: "entry-waiting", role: "status" });
    box.append(element("p", {}, ""), element("h2", { class: "entry-waiting-title" }, mine.title),
      element("div", { class: "entry-waiting-body" }, mine.body));
    box.firstChild.append(element("span", { class: "badge" }, labels.waitingBadge), ` ${labels.waitingWords}`);
    document.getElementById("entry-body")?.before(box);
  }
}
