// The browser's own ES modules (`Sources/DaybookWeb/Resources/Public/js`), imported into node's tests as they are
// served. They are `.js` files with no package.json around them, which node older than 20.19 takes for CommonJS:
// a load hook says they are modules. Import them after this one, with `await browserModule("routes.js")`.
import fs from "node:fs";
import { register } from "node:module";

export const publicFolder = new URL("../../Sources/DaybookWeb/Resources/Public/", import.meta.url);
export const scriptsFolder = new URL("js/", publicFolder);
export const templatesFolder = new URL("../Templates/", publicFolder);

register("./browser-modules-hook.mjs", import.meta.url, { data: { scripts: scriptsFolder.href } });

/** One of the browser's modules, by its file name. */
export const browserModule = (name) => import(new URL(name, scriptsFolder).href);

/** The text of one of the browser's modules. */
export const browserSource = (name) => fs.readFileSync(new URL(name, scriptsFolder), "utf8");
