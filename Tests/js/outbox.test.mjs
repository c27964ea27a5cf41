// The outbox's rules (outbox-rules.js): what a newer change replaces, what each change tells the server, what an
// answer means and the order of a replay; and the entry saves the editor hands it (drafts.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserModule } from "./browser-modules.mjs";

const { headersOf, patience, replaces, replay, unreachable, verdict } = await browserModule("outbox-rules.js");
const { entryChange } = await browserModule("drafts.js");

const origin = "https://daybook.example";
const FORM = "application/x-www-form-urlencoded";
const tick = (id, madeAt = 1_000) => ({
  id, key: `tick-${id}`, url: `${origin}/trackers/water/values/2026-03-02`, body: "value=1", contentType: FORM,
  madeAt, state: "waiting",
});
const save = (id, { entry = "6f1c", lineage = "tab-1", state = "waiting", madeAt = 2_000 } = {}) => ({
  id, key: `save-${id}`, url: `${origin}/api/v1/entries/${entry}`, method: "PATCH", contentType: "application/json",
  body: JSON.stringify({ title: `Words ${id}` }), entry, lineage, madeAt, state,
});

/** Replays `list` against a server that answers each change's key with `answers[key]` (`sent` unless named). */
async function replayed(list, answers = {}) {
  const tried = [];
  const settled = [];
  const count = await replay(list, async (item) => {
    tried.push(item.key);
    const answer = answers[item.key] ?? { outcome: "sent" };
    if (answer instanceof Error) throw answer;
    return answer;
  }, async (item, result) => { settled.push([item.key, result.outcome]); });
  return { tried, settled, count };
}

test("a tick made offline is sent before the edit made after it", async () => {
  const { tried, count } = await replayed([tick(1), save(2)]);
  assert.deepEqual(tried, ["tick-1", "save-2"]);
  assert.equal(count, 2);
});

test("changes go in the order they were kept; an earlier time of making travels with a change, it does not reorder", async () => {
  // A draft handed over on the next page load was typed before the tick, and is kept after it.
  const list = [tick(1, 5_000), save(2, { madeAt: 3_000 })];
  const { tried } = await replayed(list);
  assert.deepEqual(tried, ["tick-1", "save-2"]);
  assert.equal(headersOf(list[1], "application/json")["Daybook-Made-At"], new Date(3_000).toISOString());
});

test("while the server is away nothing overtakes: the first change that must wait holds back all after it", async () => {
  const { tried, settled, count } = await replayed([tick(1), save(2), tick(3)], { "tick-1": { outcome: "later" } });
  assert.deepEqual(tried, ["tick-1"]);
  assert.deepEqual(settled, []);
  assert.equal(count, 0);
});

test("the network failing part-way stops the replay there; what was sent before stays sent", async () => {
  const { tried, settled, count } = await replayed([tick(1), save(2), tick(3)], { "save-2": new TypeError("offline") });
  assert.deepEqual(tried, ["tick-1", "save-2"]);
  assert.deepEqual(settled, [["tick-1", "sent"]]);
  assert.equal(count, 1);
});

test("a change the server refused stays with its reason, and the changes after it are still sent", async () => {
  const refused = { outcome: "refused", reason: "A title is at most 200 characters." };
  const { settled, count } = await replayed([save(1), tick(2)], { "save-1": refused });
  assert.deepEqual(settled, [["save-1", "refused"], ["tick-2", "sent"]]);
  assert.equal(count, 2);
});

test("a change refused before is not sent again until the person discards it", async () => {
  const { tried } = await replayed([save(1, { state: "refused" }), tick(2)]);
  assert.deepEqual(tried, ["tick-2"]);
});

test("saving again in the same editor replaces the words still waiting: only the newest words are sent", () => {
  assert.ok(replaces(save(3), save(1)));
});

test("words typed in another tab of the same entry wait beside these: neither tab's words are lost", () => {
  assert.ok(!replaces(save(3, { lineage: "tab-2" }), save(1)));
});

test("a refused save stays for the person to see, whatever is saved after it", () => {
  assert.ok(!replaces(save(3), save(1, { state: "refused" })));
});

test("two ticks made offline both wait: form posts never replace each other", () => {
  assert.ok(!replaces(tick(2), tick(1)));
  assert.ok(!replaces(tick(2), save(1)), "a tick leaves an entry's words alone");
});

test("saving one entry leaves another entry's waiting words alone", () => {
  assert.ok(!replaces(save(3, { entry: "a2b3" }), save(1)));
});

test("each change goes with its own Idempotency-Key, the same however often it is sent again", () => {
  const headers = headersOf(tick(1), "text/html");
  assert.deepEqual(headers, {
    "Content-Type": FORM, "Idempotency-Key": "tick-1", Accept: "text/html",
    "Daybook-Made-At": new Date(1_000).toISOString(),
  });
  assert.deepEqual(headersOf(tick(1), "text/html"), headers);
});

test("a change sent as it is made names no time: the server takes it as made when it arrives", () => {
  const { madeAt, ...now } = tick(1);
  assert.ok(madeAt);
  assert.equal("Daybook-Made-At" in headersOf(now, "application/json"), false);
});

test("every save of an entry has its own key and names the same entry and editing session", () => {
  const draft = {
    id: "6f1c", isNew: false, revision: 7, lineage: "tab-1",
    content: { title: "Harbour", body: "Fog, then sun.", starred: false, tags: "walk, sea ,", date: "" },
  };
  const first = entryChange(draft, `${origin}/journal/6f1c/edit`);
  const second = entryChange({ ...draft, content: { ...draft.content, body: "Fog, then sun, then rain." } }, `${origin}/journal/6f1c/edit`);
  assert.notEqual(first.key, second.key);
  assert.match(first.key, /^[0-9a-f-]{36}$/);
  for (const change of [first, second]) {
    assert.equal(change.entry, "6f1c");
    assert.equal(change.lineage, "tab-1");
    assert.equal(change.method, "PATCH");
    assert.equal(change.url, `${origin}/api/v1/entries/6f1c`);
    const body = JSON.parse(change.body);
    assert.deepEqual([body.lineage, body.revision, body.onConflict], ["tab-1", 7, "keepBoth"]);
    assert.deepEqual(body.tags, ["walk", "sea"]);
  }
  assert.ok(replaces(second, { ...first, state: "waiting" }), "the newer save replaces the older one waiting");
});

test("a new entry written offline is created under the id this device chose, so a resend never makes two", () => {
  const change = entryChange({
    id: "0b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b", isNew: true, revision: 0, lineage: "tab-1",
    content: { title: "", body: "On the train.", starred: false, tags: "" },
  }, `${origin}/journal/new`);
  assert.equal(change.method, "POST");
  assert.equal(change.url, `${origin}/api/v1/entries`);
  assert.equal(JSON.parse(change.body).id, "0b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b");
  assert.equal(change.from, "/journal/new?entry=0b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b");
});

test("an answer below 400, or a form's redirect, means the change is done", () => {
  for (const status of [200, 201, 204, 303]) assert.deepEqual(verdict({ status, type: "basic" }, ""), { outcome: "sent" });
  assert.deepEqual(verdict({ status: 0, type: "opaqueredirect" }, ""), { outcome: "sent" });
});

test("a server that failed, was busy or is still writing the same key is asked again later, never told refused", () => {
  for (const status of [500, 502, 503, 504, 408, 429]) {
    assert.deepEqual(verdict({ status, type: "basic" }, "{}"), { outcome: "later" }, String(status));
  }
  const inFlight = JSON.stringify({ error: { code: "idempotencyKeyInFlight", message: "Still saving." } });
  assert.deepEqual(verdict({ status: 409, type: "basic" }, inFlight), { outcome: "later" });
});

test("a refused change says why in the server's words: its JSON message, the page's error line, or its heading", () => {
  const json = JSON.stringify({ error: { code: "idempotencyKeyReused", message: "This key was used for another change." } });
  assert.deepEqual(verdict({ status: 422, type: "basic" }, json),
    { outcome: "refused", reason: "This key was used for another change." });
  const page = `<main><h1>Journal</h1><p class="form-error" id="form-error">The title is <b>too</b> long.</p></main>`;
  assert.equal(verdict({ status: 400, type: "basic" }, page).reason, "The title is too long.");
  assert.equal(verdict({ status: 404, type: "basic" }, "<h1>Not <em>found</em></h1>").reason, "Not found");
  assert.equal(verdict({ status: 410, type: "basic" }, "").reason, "HTTP 410");
});

test("no answer, or the proxy's 502, 503 or 504, is the server being away; any other answer is the server's", () => {
  assert.ok(unreachable(undefined));
  assert.ok(unreachable({ type: "error", status: 0 }));
  for (const status of [502, 503, 504]) assert.ok(unreachable({ type: "basic", status }), String(status));
  for (const status of [200, 404, 409, 500]) assert.ok(!unreachable({ type: "basic", status }), String(status));
});

test("a photo sent on a slow network gets a second more for each 50 kB before it counts as lost", () => {
  assert.equal(patience(""), 30_000);
  assert.equal(patience("x".repeat(50_000)), 31_000);
  assert.equal(patience(new ArrayBuffer(2_000_001)), 71_000);
  assert.equal(patience(new Blob([new Uint8Array(100_000)])), 32_000);
});
