// Markdown read as plain text on the device (`plainText` in dom.js): the snippet of an entry waiting in the outbox,
// the words around a match in the kept journal's search, and entries drawn from the kept journal offline.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserModule } from "./browser-modules.mjs";

const { plainText } = await browserModule("dom.js");

test("a picture in an entry leaves no trace in its snippet, not even its description", () => {
  assert.equal(plainText("Before ![a gull on the rail](/photos/0b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b?w=640) after"), "Before after");
});

test("a link reads as its words, without its address", () => {
  assert.equal(plainText("Lunch at [the harbour](https://example.com/harbour) today"), "Lunch at the harbour today");
});

test("emphasis, code, strike-through, headings, quotes and table bars are dropped, their words kept", () => {
  assert.equal(plainText("# Sunday\n> **Fog**, then _sun_ and `tea`, ~~no~~ rain | cold |"), "Sunday Fog, then sun and tea, no rain cold");
});

test("lines and paragraphs run on as one line, with no space left at either end", () => {
  assert.equal(plainText("\n  First line\nsecond line\n\n\nA new paragraph.  \n"), "First line second line A new paragraph.");
});

test("Korean, Japanese and Chinese words come through untouched", () => {
  assert.equal(plainText("**오늘** 학교에 갔다. [東京都庁](https://example.com)へ。我们在北京。"), "오늘 학교에 갔다. 東京都庁へ。我们在北京。");
});

test("an entry of nothing but a picture has no words to show", () => {
  assert.equal(plainText("![](/photos/0b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b?w=640)\n"), "");
});
