// Loads the browser's `.js` files as ES modules (see browser-modules.mjs).
let scripts = "";

export function initialize(data) {
  scripts = data.scripts;
}

export function load(url, context, next) {
  return next(url, url.startsWith(scripts) && url.endsWith(".js") ? { ...context, format: "module" } : context);
}
