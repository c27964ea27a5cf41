// A small fake of Scriptable's globals (docs.scriptable.app), enough to run the served Daybook script under node:
// widgets are recorded as plain trees, `Request.loadJSON` really fetches, and `FileManager.local()` keeps its files
// in a folder given. Objects are sealed, so a property Scriptable does not have fails loudly in strict mode.
import fs from "node:fs";
import path from "node:path";

class Color {
  constructor(hex, alpha = 1) {
    this.hex = hex;
    this.alpha = alpha;
    Object.seal(this);
  }
  static dynamic(light, dark) {
    const color = new Color(light.hex, light.alpha);
    color.hex = { light: light.hex, dark: dark.hex };
    return color;
  }
  static white() { return new Color("#ffffff"); }
  static black() { return new Color("#000000"); }
  static clear() { return new Color("#000000", 0); }
}

class Font {
  constructor(name, size) {
    this.name = name;
    this.size = size;
    Object.freeze(this);
  }
  static systemFont(size) { return new Font("system", size); }
  static boldSystemFont(size) { return new Font("bold", size); }
  static semiboldSystemFont(size) { return new Font("semibold", size); }
  static mediumSystemFont(size) { return new Font("medium", size); }
}

class Size { constructor(width, height) { this.width = width; this.height = height; Object.freeze(this); } }
class Point { constructor(x, y) { this.x = x; this.y = y; Object.freeze(this); } }
class Rect { constructor(x, y, width, height) { Object.assign(this, { x, y, width, height }); Object.freeze(this); } }

class Path {
  constructor() { this.points = []; Object.seal(this); }
  move(point) { this.points.push(["move", point.x, point.y]); }
  addLine(point) { this.points.push(["line", point.x, point.y]); }
}

class Image { constructor(drawing) { this.drawing = drawing; Object.freeze(this); } }

class DrawContext {
  constructor() {
    this.size = new Size(0, 0);
    this.opaque = true;
    this.respectScreenScale = false;
    this.operations = [];
    Object.seal(this);
  }
  setLineWidth(width) { this.operations.push({ lineWidth: width }); }
  setStrokeColor(color) { this.operations.push({ stroke: color.hex, alpha: color.alpha }); }
  setFillColor(color) { this.operations.push({ fill: color.hex }); }
  strokeEllipse(rect) { this.operations.push({ ellipse: [rect.x, rect.y, rect.width, rect.height] }); }
  addPath(p) { this.operations.push({ path: p.points.length }); }
  strokePath() { this.operations.push({ strokePath: true }); }
  getImage() { return new Image({ size: [this.size.width, this.size.height], operations: this.operations }); }
}

function element(type, fields) {
  return Object.seal({ type, ...fields });
}

function textElement(text) {
  return element("text", {
    text, font: null, textColor: null, textOpacity: 1, lineLimit: 0, minimumScaleFactor: 1,
    centerAlignText() {}, leftAlignText() {}, rightAlignText() {},
  });
}

class Container {
  add(child) { this.children.push(child); return child; }
  addText(text) { return this.add(textElement(String(text))); }
  addDate(date) {
    const shown = element("date", {
      date, font: null, textColor: null, textOpacity: 1, lineLimit: 0, minimumScaleFactor: 1, style: "date",
      applyTimerStyle() { shown.style = "timer"; }, applyRelativeStyle() { shown.style = "relative"; },
      applyTimeStyle() { shown.style = "time"; }, applyDateStyle() { shown.style = "date"; },
    });
    return this.add(shown);
  }
  addStack() { return this.add(new WidgetStack()); }
  addSpacer(length) { return this.add(element("spacer", { length: length ?? null })); }
  addImage(image) { return this.add(element("image", { image, imageSize: null, resizable: true })); }
}

class WidgetStack extends Container {
  constructor() {
    super();
    Object.assign(this, {
      type: "stack", children: [], layout: "horizontal", size: null, spacing: 0, cornerRadius: 0,
      backgroundColor: null, backgroundImage: null, borderColor: null, borderWidth: 0, url: null, padding: null,
      align: null,
    });
    Object.seal(this);
  }
  layoutHorizontally() { this.layout = "horizontal"; }
  layoutVertically() { this.layout = "vertical"; }
  centerAlignContent() { this.align = "center"; }
  topAlignContent() { this.align = "top"; }
  bottomAlignContent() { this.align = "bottom"; }
  setPadding(top, leading, bottom, trailing) { this.padding = [top, leading, bottom, trailing]; }
}

class ListWidget extends Container {
  constructor() {
    super();
    Object.assign(this, {
      type: "widget", children: [], backgroundColor: null, backgroundImage: null, backgroundGradient: null,
      addAccessoryWidgetBackground: false, spacing: 0, url: null, refreshAfterDate: null, padding: null,
      presented: null,
    });
    Object.seal(this);
    ListWidget.last = this;
  }
  setPadding(top, leading, bottom, trailing) { this.padding = [top, leading, bottom, trailing]; }
  async presentSmall() { this.presented = "small"; }
  async presentMedium() { this.presented = "medium"; }
  async presentLarge() { this.presented = "large"; }
}

// Runs `source` (the script as served) as Scriptable does: inside an async function, with its globals.
// Returns the widget it set (or presented) and the description the script drew it from.
export async function runScript(source, { family = null, parameter = null, documents, dark = false, timeoutMs = 5000 }) {
  let shown = null;
  let completed = false;
  ListWidget.last = null;
  const files = {
    documentsDirectory: () => documents,
    joinPath: (left, right) => path.join(left, right),
    fileExists: (file) => fs.existsSync(file),
    readString: (file) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null),
    writeString: (file, text) => fs.writeFileSync(file, text),
  };
  class Request {
    constructor(url) {
      this.url = url;
      this.method = "GET";
      this.headers = {};
      this.timeoutInterval = 60;
      this.response = null;
      Object.seal(this);
    }
    async loadJSON() {
      const answer = await fetch(this.url, {
        method: this.method, headers: this.headers, signal: AbortSignal.timeout(Math.min(this.timeoutInterval * 1000, timeoutMs)),
      });
      this.response = { statusCode: answer.status, headers: Object.fromEntries(answer.headers) };
      return answer.json();
    }
  }
  const globals = {
    ListWidget, Color, Font, Size, Point, Rect, Path, DrawContext, Request,
    FileManager: { local: () => files },
    Device: { isUsingDarkAppearance: () => dark },
    config: Object.freeze({ widgetFamily: family, runsInWidget: family !== null, runsInApp: family === null }),
    args: Object.freeze({ widgetParameter: parameter }),
    Script: { setWidget: (widget) => { shown = widget; }, complete: () => { completed = true; } },
  };
  const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
  const body = `"use strict";\n${source}\nreturn DaybookWidget;`;
  const run = new AsyncFunction(...Object.keys(globals), body);
  await run(...Object.values(globals));
  return { widget: shown ?? ListWidget.last, set: shown !== null, completed };
}

// Every text a widget shows, in order (dates as their style and ISO time).
export function texts(node) {
  if (!node) return [];
  if (node.type === "text") return [node.text];
  if (node.type === "date") return [`<${node.style} ${new Date(node.date).toISOString()}>`];
  return (node.children || []).flatMap(texts);
}

// Every stack of a widget, depth first.
export function stacks(node) {
  if (!node || !node.children) return [];
  return node.children.flatMap((child) => (child.type === "stack" ? [child, ...stacks(child)] : []));
}
