// The kept journal's search (search-terms.js) against the cases it shares with the server's
// (Tests/Fixtures/search-matching.json): Korean, Japanese and Chinese without spaces, words folded for case, width
// and accents, the last word as a beginning. A case whose `deviceDiffers` says how the device answers otherwise
// today runs as a known difference (todo) until the device follows the server there too.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { browserModule } from "./browser-modules.mjs";

const { matches, parse, snippet, terms } = await browserModule("search-terms.js");
const table = JSON.parse(fs.readFileSync(new URL("../Fixtures/search-matching.json", import.meta.url), "utf8"));

const finds = (query, text) => matches(terms("", [], text), parse(query));

for (const { query, text, matches: expected, why, deviceDiffers } of table.cases) {
  test(`${why} (“${query}” in “${text}”)`, { todo: deviceDiffers }, () => {
    assert.equal(finds(query, text), expected, expected ? "not found" : "found");
  });
}

test("the shared table covers Korean, Japanese, Chinese and folded accents, each found and not found", () => {
  const scripts = { Korean: /[\uAC00-\uD7AF]/, Japanese: /[\u3040-\u30FF]/, Han: /[\u4E00-\u9FFF]/, accents: /[\u00C0-\u024F\u0301]/ };
  for (const [name, pattern] of Object.entries(scripts)) {
    const cases = table.cases.filter((each) => pattern.test(each.query + each.text));
    assert.ok(cases.some((each) => each.matches) && cases.some((each) => !each.matches), name);
  }
  for (const each of table.cases) {
    assert.equal(typeof each.query, "string");
    assert.equal(typeof each.text, "string");
    assert.equal(typeof each.matches, "boolean");
    assert.ok(each.why.length > 0 && each.why.length <= 100, each.why);
  }
});

test("an entry is found by its title and its tags as well as its words", () => {
  const record = terms("Harbour at dusk", ["walks", "sea"], "Fog, then sun.");
  for (const query of ["harbour", "sea", "walk", "fog sun"]) assert.ok(matches(record, parse(query)), query);
  assert.ok(!matches(record, parse("rain")));
});

test("a search's snippet marks what was found, and only the part of a Korean run that was searched for", () => {
  assert.equal(snippet("A flat white at the Café on the corner.", parse("cafe")), "A flat white at the <mark>Café</mark> on the corner.");
  assert.equal(snippet("오늘 학교에 일찍 갔다.", parse("학교")), "오늘 <mark>학교</mark>에 일찍 갔다.");
  assert.equal(snippet("Walking home in the rain.", parse("rain walk")), "<mark>Walking</mark> home in the <mark>rain</mark>.");
});

test("a snippet shows words as text, never as markup, and is cut with … around a match far into the entry", () => {
  assert.equal(snippet("<b>cafe</b> & tea", parse("cafe")), "&lt;b&gt;<mark>cafe</mark>&lt;/b&gt; &amp; tea");
  const long = `${"Morning pages. ".repeat(20)}Then the harbour. ${"Evening notes. ".repeat(20)}`;
  const cut = snippet(long, parse("harbour"));
  assert.match(cut, /^….{10,40}<mark>harbour<\/mark>/);
  assert.ok(cut.endsWith("…"));
});
