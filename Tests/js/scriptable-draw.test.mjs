// The Scriptable widget's drawing module, on timelines captured from a real Daybook (Tests/js/fixtures, see its
// README), and the whole served script under the fake Scriptable with the server out of reach.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { runScript, texts, stacks } from "./scriptable-fake.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const resources = path.join(here, "../../Sources/DaybookWeb/Resources/Scriptable");
const draw = createRequire(import.meta.url)(path.join(resources, "draw.js"));
const fixture = (name) => JSON.parse(fs.readFileSync(path.join(here, "fixtures", name + ".json"), "utf8"));
const settings = {
  address: "http://127.0.0.1:8080",
  token: "dbk_test",
  language: "en",
  timeZone: "Asia/Seoul",
  strings: {
    asOf: "As of %@", unreachable: "Daybook is out of reach", nothingKept: "Nothing is kept on this phone yet.",
    refused: "Daybook refused this widget's token", cannotShow: "Daybook cannot show this widget",
    unknownTitle: "Unknown widget parameter", unknownParameter: "“%1$@” names no widget. Use one of: %2$@.",
  },
};
const timelines = {
  small: fixture("small"), medium: fixture("medium"), circular: fixture("circular"),
  rectangular: fixture("rectangular"), tracker: fixture("tracker"),
};
const at = (timeline, index = 0) => new Date(Date.parse(timeline.entries[index].date) + 1000);
const allText = (d) => [...d.rows, ...d.footer].map((r) => r.text);

test("the fixtures are timelines from a real Daybook, with the tap's page and the accent", () => {
  for (const [name, timeline] of Object.entries(timelines)) {
    assert.equal(timeline.widget, name);
    assert.ok(draw.isTimeline(timeline));
    assert.match(timeline.url, /^http:\/\/127\.0\.0\.1:\d+\//);
    assert.match(timeline.accent.light, /^#[0-9a-f]{6}$/);
    assert.match(timeline.accent.dark, /^#[0-9a-f]{6}$/);
  }
  assert.ok(timelines.small.entries.length > 1, "the demo day has blocks ahead");
});

test("the parameter: empty lets the family choose, a name or tracker:ID picks, anything else is named back", () => {
  assert.deepEqual(draw.parseParameter(""), { widget: null, tracker: null });
  assert.deepEqual(draw.parseParameter(null), { widget: null, tracker: null });
  assert.deepEqual(draw.parseParameter("  Medium "), { widget: "medium", tracker: null });
  assert.deepEqual(draw.parseParameter("tracker:abc-12"), { widget: "tracker", tracker: "abc-12" });
  assert.deepEqual(draw.parseParameter("tracker:"), { error: "tracker:" });
  assert.deepEqual(draw.parseParameter("weather"), { error: "weather" });
  const families = {
    small: "small", medium: "medium", large: "tracker", accessoryCircular: "circular",
    accessoryRectangular: "rectangular", accessoryInline: "small",
  };
  for (const [family, widget] of Object.entries(families)) {
    assert.equal(draw.chooseWidget(family, draw.parseParameter("")), widget, family);
  }
  assert.equal(draw.chooseWidget("small", draw.parseParameter("circular")), "circular");
  assert.equal(draw.timelineURL("https://box.example/", "tracker", "a b"), "https://box.example/api/v1/widgets/tracker?tracker=a%20b");
  assert.equal(draw.keptFileName("tracker", "../x"), "daybook-tracker-___x.json");
  assert.equal(
    draw.unknownParameter({ error: "weather" }, settings),
    "“weather” names no widget. Use one of: small, medium, circular, rectangular, tracker, tracker:ID."
  );
});

test("the entry for now is the last that has begun; the refresh is the next entry, else the timeline's", () => {
  const timeline = timelines.small;
  const [first, second] = timeline.entries;
  assert.equal(draw.entryFor(timeline, new Date(Date.parse(first.date) - 60_000)), first);
  assert.equal(draw.entryFor(timeline, at(timeline, 0)), first);
  assert.equal(draw.entryFor(timeline, new Date(second.date)), second);
  assert.equal(draw.refreshDate(timeline, at(timeline, 0), false).toISOString(), new Date(second.date).toISOString());
  const last = timeline.entries.at(-1);
  assert.equal(
    draw.refreshDate(timeline, new Date(Date.parse(last.date) + 1000), false).toISOString(),
    new Date(timeline.refreshAfter).toISOString()
  );
  // A kept copy asks again within a quarter of an hour, also past its own refresh.
  const late = new Date(Date.parse(timeline.refreshAfter) + 3_600_000);
  assert.equal(draw.refreshDate(timeline, late, true).getTime(), late.getTime() + 15 * 60_000);
});

test("small: the block now or next and today's focus, opening Today", () => {
  const timeline = timelines.small;
  const d = draw.describe({ timeline, now: at(timeline), family: "small", settings });
  const content = timeline.entries[0].content;
  assert.equal(d.url, timeline.url);
  assert.equal(d.rows[0].text, content.heading);
  assert.equal(d.rows[0].color, "accent");
  assert.ok(allText(d).includes(content.block ? content.block.title : content.emptyText));
  assert.deepEqual(d.footer.map((r) => r.text), [content.focusLabel, content.focus]);
  assert.equal(d.note, null);
  assert.equal(d.refreshAfter.toISOString(), new Date(timeline.entries[1].date).toISOString());
});

test("medium: the blocks ahead beside the goal ring", () => {
  const timeline = timelines.medium;
  const d = draw.describe({ timeline, now: at(timeline), family: "medium", settings });
  const content = timeline.entries[0].content;
  for (const block of content.blocks) assert.ok(allText(d).includes(block.title), block.title);
  assert.ok(content.goal, "the demo owner has a daily goal");
  assert.equal(d.ring.fraction, content.goal.fraction);
  assert.equal(d.ring.center, content.goal.percent);
});

test("large: the tracker's month as a grid, its streak and strength, opening the tracker", () => {
  const timeline = timelines.tracker;
  const d = draw.describe({ timeline, now: at(timeline), family: "large", settings });
  const content = timeline.entries[0].content;
  assert.equal(d.rows[0].text, content.name);
  assert.equal(d.url, timeline.url);
  assert.ok(d.url.endsWith("/trackers/" + content.id));
  assert.equal(d.grid.weeks.length, content.weeks.length);
  assert.equal(d.grid.weeks.flat().filter((c) => c.today).length, 1);
  assert.ok(d.grid.showNumbers);
  assert.ok(d.footer[0].text.includes(content.streak) && d.footer[0].text.includes(content.strength));
});

test("accessoryCircular: the goal ring alone, its percent in the middle", () => {
  const timeline = timelines.circular;
  const d = draw.describe({ timeline, now: at(timeline), family: "accessoryCircular", settings });
  const content = timeline.entries[0].content;
  assert.deepEqual(d.rows, []);
  assert.equal(d.ring.center, content.goal.percent);
  assert.equal(d.ring.fraction, content.goal.fraction);
});

test("accessoryRectangular: the task and the timer, counted by the phone while it runs", () => {
  const timeline = timelines.rectangular;
  const d = draw.describe({ timeline, now: at(timeline), family: "accessoryRectangular", settings });
  const content = timeline.entries[0].content;
  assert.equal(d.rows[1].text, content.task || content.emptyText);
  assert.equal(d.timer.label, content.timer.stateLabel);
  assert.equal(content.timer.state, "running", "the fixture was captured with a focus session running");
  assert.deepEqual(d.timer.live, { date: content.timer.endsAt, counts: "down" });
  assert.ok(d.url.endsWith("/focus"));
});

test("accessoryInline: one line from small — the block now or next, or today's focus", () => {
  const timeline = timelines.small;
  const d = draw.describe({ timeline, now: at(timeline), family: "accessoryInline", settings });
  const content = timeline.entries[0].content;
  assert.equal(d.inline, content.block ? `${content.block.title} · ${content.block.when}` : `${content.focusLabel} ${content.focus}`);
  const last = timeline.entries.at(-1);
  const evening = draw.describe({ timeline, now: new Date(Date.parse(last.date) + 1000), family: "accessoryInline", settings });
  assert.equal(
    evening.inline,
    last.content.block ? `${last.content.block.title} · ${last.content.block.when}` : `${last.content.focusLabel} ${last.content.focus}`
  );
});

test("light and dark: the owner's accent and panel for each appearance", () => {
  const timeline = timelines.small;
  const light = draw.describe({ timeline, now: at(timeline), family: "small", appearance: "light", settings });
  const dark = draw.describe({ timeline, now: at(timeline), family: "small", appearance: "dark", settings });
  assert.equal(light.palette.accent, timeline.accent.light);
  assert.equal(dark.palette.accent, timeline.accent.dark);
  assert.equal(light.palette.background, timeline.background.light);
  assert.equal(dark.palette.background, timeline.background.dark);
  assert.notEqual(light.palette.text, dark.palette.text);
});

test("a kept copy is marked with the time it was made, in the owner's zone and language", () => {
  const timeline = { ...timelines.small, generatedAt: "2026-11-21T05:07:00Z" };
  const now = new Date("2026-11-21T06:00:00Z");
  assert.equal(draw.asOf(timeline, now, settings), "As of 14:07");
  const ko = { ...settings, language: "ko", strings: { ...settings.strings, asOf: "%@ 기준" } };
  assert.equal(draw.asOf(timeline, now, ko), "14:07 기준");
  assert.equal(draw.asOf(timeline, new Date("2026-11-22T06:00:00Z"), settings), "As of Nov 21 14:07");
  const kept = draw.describe({ timeline, now, family: "small", kept: true, settings });
  assert.equal(kept.note, "As of 14:07");
  const inline = draw.describe({ timeline, now, family: "accessoryInline", kept: true, settings });
  assert.ok(inline.inline.endsWith("(As of 14:07)"));
});

// The whole script as the server serves it, with a server that is not there.
function script() {
  const header = `const DAYBOOK = ${JSON.stringify({ ...settings, address: "http://127.0.0.1:9" })};\n`;
  return header + fs.readFileSync(path.join(resources, "draw.js"), "utf8") + "\n" +
    fs.readFileSync(path.join(resources, "scriptable-layer.js"), "utf8");
}

test("out of reach with nothing kept, the widget says so; with a kept copy it draws that, marked as of", async () => {
  const documents = fs.mkdtempSync(path.join(os.tmpdir(), "daybook-scriptable-"));
  const empty = await runScript(script(), { family: "small", documents });
  assert.ok(empty.set && empty.completed);
  assert.deepEqual(texts(empty.widget).slice(0, 1), ["Daybook is out of reach"]);

  fs.writeFileSync(path.join(documents, "daybook-small.json"), JSON.stringify(timelines.small));
  const kept = await runScript(script(), { family: "small", documents });
  const shown = texts(kept.widget);
  const content = draw.entryFor(timelines.small, new Date()).content;
  assert.equal(shown[0], content.heading);
  assert.match(shown.at(-1), /^As of /);
  assert.equal(kept.widget.url, timelines.small.url);
  assert.ok(kept.widget.refreshAfterDate.getTime() <= Date.now() + 15 * 60_000 + 1000);
});

test("every family draws from the kept copies with only Scriptable's documented calls", async () => {
  const documents = fs.mkdtempSync(path.join(os.tmpdir(), "daybook-scriptable-"));
  for (const [name, timeline] of Object.entries(timelines)) {
    fs.writeFileSync(path.join(documents, `daybook-${name}.json`), JSON.stringify(timeline));
  }
  for (const family of ["small", "medium", "large", "accessoryCircular", "accessoryRectangular", "accessoryInline"]) {
    for (const dark of [false, true]) {
      const { widget } = await runScript(script(), { family, documents, dark });
      assert.ok(texts(widget).length > 0, family);
      assert.match(widget.url, /^http:\/\/127\.0\.0\.1:\d+\//, family);
    }
  }
  const large = await runScript(script(), { family: "large", documents });
  assert.equal(stacks(large.widget).filter((s) => s.size && s.size.width === 30 && s.size.height === 30).length, timelines.tracker.entries[0].content.weeks.flat().length);
  const unknown = await runScript(script(), { family: "small", parameter: "weather", documents });
  assert.deepEqual(texts(unknown.widget).slice(0, 2), [
    "Unknown widget parameter",
    "“weather” names no widget. Use one of: small, medium, circular, rectangular, tracker, tracker:ID.",
  ]);
  const preview = await runScript(script(), { family: null, parameter: "tracker", documents });
  assert.equal(preview.set, false);
  assert.equal(preview.widget.presented, "large");
});
