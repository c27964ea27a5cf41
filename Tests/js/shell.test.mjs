// The app shell the worker keeps as it installs (`shellFiles` in routes.js) against the modules the pages and the
// worker really load: walked from each page's `<script type="module">` in the templates and from sw.js's imports,
// through every `import` (static and dynamic), each resolved as the browser resolves it.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { browserModule, browserSource, publicFolder, scriptsFolder, templatesFolder } from "./browser-modules.mjs";

const { shellFiles } = await browserModule("routes.js");

const VERSION = "0a1b2c3d4e";
const origin = "https://daybook.example";
const STATIC = "/static/js/";

/** The module scripts each template loads, by the address the page names (with the assets' version filled in). */
function pageModules() {
  const found = [];
  for (const name of fs.readdirSync(templatesFolder).filter((file) => file.endsWith(".mustache"))) {
    const html = fs.readFileSync(new URL(name, templatesFolder), "utf8");
    for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
      const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
      assert.ok(src && /\btype="module"/.test(tag), `${name}: a script that is not a module file: ${tag}`);
      found.push({ from: name, address: new URL(src.replaceAll("{{links.assets}}", VERSION), origin) });
    }
  }
  return found;
}

/** What a module imports, as written: `import … from`, bare `import "…"`, `export … from` and `import("…")`. */
function importsOf(source, name) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const written = [
    ...code.matchAll(/^\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/gm),
    ...code.matchAll(/^\s*export\s+[\w$*{}\s,]+?\s+from\s*["']([^"']+)["']/gm),
    ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1]);
  const computed = [...code.matchAll(/\bimport\(\s*(?!["'][^"']+["']\s*\))/g)];
  assert.equal(computed.length, 0, `${name} imports a module by a computed name, which this walk cannot follow`);
  return written;
}

/** Every module address reachable from the roots, each with the module that first reached it. */
function reachable(roots) {
  const seen = new Map();
  const queue = [...roots];
  while (queue.length > 0) {
    const { from, address } = queue.shift();
    const key = address.pathname + address.search;
    if (seen.has(key)) continue;
    seen.set(key, from);
    assert.equal(address.origin, origin, `${from} imports ${address.href} from another site`);
    assert.ok(address.pathname.startsWith(STATIC), `${from} imports ${key}, outside ${STATIC}`);
    const name = address.pathname.slice(STATIC.length);
    for (const spec of importsOf(browserSource(name), name)) queue.push({ from: name, address: new URL(spec, address) });
  }
  return seen;
}

const workerImports = () => importsOf(browserSource("sw.js"), "sw.js")
  .map((spec) => ({ from: "sw.js", address: new URL(spec, `${origin}/sw.js`) }));

test("every page's scripts work offline before the page was ever opened here: each module is in the app shell", () => {
  const shell = new Set(shellFiles(VERSION));
  const modules = reachable([...pageModules(), ...workerImports()]);
  const missing = [...modules].filter(([address]) => !shell.has(address)).map(([address, from]) => `${address} (from ${from})`);
  assert.deepEqual(missing, [], "add these to shellFiles in routes.js");
});

test("the walk starts from the pages' own modules and reaches what they import", () => {
  const roots = pageModules().map(({ address }) => address.pathname + address.search);
  assert.ok(roots.includes(`/static/js/app.js?v=${VERSION}`), "the layout's app.js");
  assert.ok(roots.includes(`/static/js/editor.js?v=${VERSION}`), "the entry editor's");
  const modules = reachable([...pageModules(), ...workerImports()]);
  for (const imported of ["/static/js/outbox.js", "/static/js/idb.js", "/static/js/this-device.js", "/static/js/routes.js"]) {
    assert.ok(modules.has(imported), imported);
  }
  assert.ok(!modules.has("/static/js/sw.js"), "the worker is registered, never imported");
});

test("the worker installs: every file of the app shell exists, so none answers 404 and fails the whole install", () => {
  const shell = shellFiles(VERSION);
  assert.equal(new Set(shell).size, shell.length, "each file once");
  for (const address of shell.filter((each) => each.startsWith("/static/"))) {
    const path = new URL(address, origin).pathname.slice("/static/".length);
    assert.ok(fs.existsSync(new URL(path, publicFolder)), `${address} is not in Resources/Public`);
  }
  assert.ok(fs.existsSync(scriptsFolder));
});
