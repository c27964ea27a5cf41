// Runs the served Daybook script once under the fake Scriptable, for the end-to-end test:
//   node Tests/js/run-scriptable.mjs SCRIPT DOCUMENTS [FAMILY|-] [PARAMETER]
// and prints what it drew as JSON: the texts, the tap's address, the refresh date and whether it set a widget.
import fs from "node:fs";
import { runScript, texts } from "./scriptable-fake.mjs";

const [scriptPath, documents, family = "-", parameter = ""] = process.argv.slice(2);
const source = fs.readFileSync(scriptPath, "utf8");
const { widget, set, completed } = await runScript(source, {
  family: family === "-" ? null : family, parameter: parameter || null, documents,
});
process.stdout.write(JSON.stringify({
  set, completed, url: widget.url, refreshAfterDate: widget.refreshAfterDate, presented: widget.presented,
  texts: texts(widget),
}) + "\n");
