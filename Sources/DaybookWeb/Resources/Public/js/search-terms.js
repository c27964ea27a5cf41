// What the kept journal finds an entry by, and how a search reads a query: the server's rules
// (`SearchSegmenter.swift`) on this device. Runs of Korean, Japanese and Chinese (written without spaces) are kept
// as written and match anywhere inside a run (`京都` finds `東京都`); other words are folded for case, width and
// accents (`cafe` finds `Café`), and the last word of a query also finds the words it begins. Every part of a query
// must match.

// The scripts written without spaces: Hangul, Hiragana, Katakana, Han (the ranges of `SearchSegmenter.kind`). A word
// of other letters ends where one of these begins, as on the server: `Swift공부를` is the word `swift` and the run
// `공부를`, `2024年の夏` the number `2024` and the run `年の夏`.
const CJK = "\\u1100-\\u11FF\\u3005-\\u3007\\u3040-\\u30FF\\u3130-\\u318F\\u31F0-\\u31FF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uA960-\\uA97F"
  + "\\uAC00-\\uD7FF\\uF900-\\uFAFF\\uFF66-\\uFF9F\\uFFA0-\\uFFDC\\u{20000}-\\u{3FFFF}";
const TOKEN = new RegExp(`([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+)`, "gu");

/** A word as the index holds it: without case, width or accents. */
export const fold = (word) => word.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/** The tokens of `text`: `{text, start, end, cjk}`, a run of Korean, Japanese or Chinese as one token. */
export function tokens(text) {
  const found = [];
  for (const match of text.matchAll(TOKEN)) {
    found.push({ text: match[0], start: match.index, end: match.index + match[0].length, cjk: Boolean(match[1]) });
  }
  return found;
}

/** What an entry is found by: its folded words once each, and its runs of Korean, Japanese or Chinese. */
export function terms(title, tags, body) {
  const words = new Set();
  const runs = [];
  for (const token of tokens([title, tags.join(" "), body].join("\n"))) {
    if (token.cjk) runs.push(token.text);
    else words.add(fold(token.text));
  }
  return { words: ` ${[...words].join(" ")} `, cjk: runs.join("\n") };
}

/** A query's parts: words and runs. The last word is a beginning (it is still being typed) unless a space follows
 * it. */
export function parse(query) {
  const typed = query.slice(0, 200);
  const parts = tokens(typed).map((token) => ({ cjk: token.cjk, text: token.cjk ? token.text : fold(token.text) }));
  const typing = !/\s$/u.test(typed);
  return parts.map((part, index) => ({ ...part, prefix: typing && index === parts.length - 1 && !part.cjk }));
}

/** Whether an entry's terms hold every part of a query; a query with nothing to search for finds nothing. */
export const matches = (record, parts) => parts.length > 0 && parts.every((part) => part.cjk
  ? record.cjk.includes(part.text)
  : record.words.includes(part.prefix ? ` ${part.text}` : ` ${part.text} `));

const escape = (text) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** A few lines of the text around the first match, escaped, with what matched in `<mark>`. */
export function snippet(text, parts) {
  const found = tokens(text).filter((token) => parts.some((part) => part.cjk ? token.cjk && token.text.includes(part.text)
    : !token.cjk && (part.prefix ? fold(token.text).startsWith(part.text) : fold(token.text) === part.text)));
  const first = found[0]?.start ?? 0;
  const start = Math.max(0, first - 24);
  const end = Math.min(text.length, start + 220);
  let html = start > 0 ? "…" : "";
  let at = start;
  for (const token of found.filter((each) => each.start >= start && each.end <= end)) {
    if (token.cjk) {
      // Only the part of the run that was asked for.
      const part = parts.find((each) => each.cjk && token.text.includes(each.text));
      const from = token.start + token.text.indexOf(part.text);
      if (from < at) continue;
      html += escape(text.slice(at, from)) + `<mark>${escape(part.text)}</mark>`;
      at = from + part.text.length;
    } else {
      html += escape(text.slice(at, token.start)) + `<mark>${escape(token.text)}</mark>`;
      at = token.end;
    }
  }
  return html + escape(text.slice(at, end)) + (end < text.length ? "…" : "");
}

