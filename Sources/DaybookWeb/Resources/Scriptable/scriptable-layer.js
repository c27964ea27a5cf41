// ---- The Scriptable layer: loads the timeline, keeps it, and draws DaybookDraw's description with Scriptable's
// documented classes (docs.scriptable.app): ListWidget, WidgetStack, Color, Font, Request, FileManager, DrawContext.
const DaybookWidget = (() => {
  const draw = DaybookDraw;
  const STYLES = {
    heading: [12, "bold"],
    title: [15, "semibold"],
    body: [13, "regular"],
    caption: [11, "regular"],
    value: [20, "bold"],
  };

  function font(style, accessory) {
    const [size, weight] = STYLES[style] || STYLES.body;
    const scaled = accessory ? Math.max(10, Math.round(size * 0.85)) : size;
    if (weight === "bold") return Font.boldSystemFont(scaled);
    if (weight === "semibold") return Font.semiboldSystemFont(scaled);
    return Font.systemFont(scaled);
  }

  // A colour role in both appearances; the Lock Screen tints everything itself, so there it is plain white.
  function colour(role, palettes, accessory) {
    if (accessory) return Color.white();
    return Color.dynamic(new Color(palettes.light[role]), new Color(palettes.dark[role]));
  }

  function addRows(stack, rows, palettes, accessory) {
    for (const row of rows) {
      const text = stack.addText(row.text);
      text.font = font(row.style, accessory);
      text.textColor = colour(row.color, palettes, accessory);
      if (accessory && row.color === "muted") text.textOpacity = 0.7;
      text.lineLimit = row.lines;
      text.minimumScaleFactor = 0.7;
    }
  }

  // The goal ring as an image: a faint track and the accent arc from twelve o'clock, drawn as short lines.
  function ringImage(fraction, side, palettes, accessory) {
    const context = new DrawContext();
    context.size = new Size(side, side);
    context.opaque = false;
    context.respectScreenScale = true;
    const line = Math.max(4, Math.round(side / 9));
    const inset = line / 2 + 1;
    const dark = !accessory && Device.isUsingDarkAppearance();
    const accent = accessory ? "#ffffff" : (dark ? palettes.dark : palettes.light).accent;
    context.setLineWidth(line);
    context.setStrokeColor(new Color(accessory ? "#ffffff" : (dark ? palettes.dark : palettes.light).track, accessory ? 0.3 : 1));
    context.strokeEllipse(new Rect(inset, inset, side - 2 * inset, side - 2 * inset));
    if (fraction > 0) {
      const radius = side / 2 - inset;
      const steps = Math.max(2, Math.ceil(fraction * 90));
      const path = new Path();
      for (let i = 0; i <= steps; i++) {
        const angle = -Math.PI / 2 + (2 * Math.PI * fraction * i) / steps;
        const point = new Point(side / 2 + radius * Math.cos(angle), side / 2 + radius * Math.sin(angle));
        if (i === 0) path.move(point);
        else path.addLine(point);
      }
      context.setStrokeColor(new Color(accent));
      context.addPath(path);
      context.strokePath();
    }
    return context.getImage();
  }

  function addRing(parent, ring, side, palettes, accessory) {
    const stack = parent.addStack();
    stack.size = new Size(side, side);
    stack.backgroundImage = ringImage(ring.fraction, side, palettes, accessory);
    stack.centerAlignContent();
    stack.layoutHorizontally();
    stack.addSpacer();
    const center = stack.addText(ring.center);
    center.font = font(side < 60 ? "caption" : "heading", accessory);
    center.textColor = colour("text", palettes, accessory);
    center.minimumScaleFactor = 0.5;
    center.lineLimit = 1;
    stack.addSpacer();
  }

  function addTimer(parent, timer, palettes, accessory) {
    const stack = parent.addStack();
    stack.layoutHorizontally();
    stack.centerAlignContent();
    const label = stack.addText(timer.label + " ");
    label.font = font("caption", accessory);
    label.textColor = colour("muted", palettes, accessory);
    const value = timer.live ? stack.addDate(new Date(timer.live.date)) : stack.addText(timer.clock);
    if (timer.live) value.applyTimerStyle();
    value.font = font("title", accessory);
    value.textColor = colour("accent", palettes, accessory);
    value.lineLimit = 1;
  }

  function addGrid(parent, grid, family, palettes) {
    const cell = family === "large" || family === "extraLarge" ? 30 : family === "medium" ? 11 : 13;
    const gap = family === "large" || family === "extraLarge" ? 4 : 3;
    const stack = parent.addStack();
    stack.layoutVertically();
    stack.spacing = gap;
    if (grid.showNumbers) {
      const head = stack.addStack();
      head.spacing = gap;
      for (const name of grid.weekdays) {
        const box = head.addStack();
        box.size = new Size(cell, 14);
        const text = box.addText(name);
        text.font = Font.systemFont(9);
        text.textColor = colour("muted", palettes, false);
        text.lineLimit = 1;
        text.minimumScaleFactor = 0.5;
      }
    }
    for (const week of grid.weeks) {
      const line = stack.addStack();
      line.spacing = gap;
      for (const day of week) {
        const box = line.addStack();
        box.size = new Size(cell, cell);
        box.cornerRadius = Math.round(cell / 4);
        const strength = day.outside ? 0 : day.met ? 1 : day.covered ? 0.45 : day.level / 100 * 0.8;
        box.backgroundColor = strength > 0 ? new Color(grid.color, 0.15 + 0.85 * strength) : colour("track", palettes, false);
        if (day.today) {
          box.borderColor = colour("text", palettes, false);
          box.borderWidth = 2;
        }
        if (grid.showNumbers) {
          box.centerAlignContent();
          box.addSpacer();
          const number = box.addText(day.number);
          number.font = Font.systemFont(10);
          number.textColor = day.met ? Color.white() : colour(day.outside ? "muted" : "text", palettes, false);
          number.textOpacity = day.outside ? 0.5 : 1;
          box.addSpacer();
        }
      }
    }
  }

  // A ListWidget from a description (DaybookDraw.describe or .message).
  function build(d, palettes) {
    const accessory = String(d.family).startsWith("accessory");
    const widget = new ListWidget();
    widget.url = d.url;
    widget.refreshAfterDate = d.refreshAfter;
    if (d.family === "accessoryInline") {
      widget.addText(d.inline || "");
      return widget;
    }
    if (accessory) {
      widget.addAccessoryWidgetBackground = d.family === "accessoryCircular";
    } else {
      widget.backgroundColor = colour("background", palettes, false);
      widget.setPadding(14, 14, 14, 14);
    }
    const ringOnly = d.ring && d.rows.length === 0;
    if (ringOnly) {
      addRing(widget, d.ring, d.family === "accessoryCircular" ? 50 : 110, palettes, accessory);
    } else if (d.ring) {
      const line = widget.addStack();
      line.layoutHorizontally();
      const column = line.addStack();
      column.layoutVertically();
      column.spacing = 2;
      addRows(column, d.rows, palettes, accessory);
      line.addSpacer();
      addRing(line, d.ring, 72, palettes, accessory);
    } else {
      widget.spacing = accessory ? 0 : 2;
      addRows(widget, d.rows, palettes, accessory);
    }
    if (d.timer) addTimer(widget, d.timer, palettes, accessory);
    if (d.grid) {
      widget.addSpacer(6);
      addGrid(widget, d.grid, d.family, palettes);
    }
    if (!accessory) widget.addSpacer();
    addRows(widget, d.footer, palettes, accessory);
    if (d.note) addRows(widget, [{ text: d.note, style: "caption", color: "muted", lines: 1 }], palettes, accessory);
    return widget;
  }

  // The timeline from the server, kept in a local file; the kept copy when the server is out of reach.
  async function timeline(settings, widgetName, tracker) {
    const files = FileManager.local();
    const path = files.joinPath(files.documentsDirectory(), draw.keptFileName(widgetName, tracker));
    try {
      const request = new Request(draw.timelineURL(settings.address, widgetName, tracker));
      request.headers = { Authorization: "Bearer " + settings.token, Accept: "application/json" };
      request.timeoutInterval = 15;
      const body = await request.loadJSON();
      const status = request.response ? request.response.statusCode : 0;
      if (status >= 200 && status < 300 && draw.isTimeline(body)) {
        files.writeString(path, JSON.stringify(body));
        return { timeline: body, kept: false };
      }
      const said = body && body.error && body.error.message;
      if (status === 401 || status === 403) return { problem: settings.strings.refused, detail: said };
      // Another 4xx (no such tracker, none to show) is an answer, not an outage; a proxy's 502 is an outage.
      if (status >= 400 && status < 500) return { problem: settings.strings.cannotShow, detail: said };
    } catch (error) {
      // Out of reach: the kept copy below.
    }
    if (files.fileExists(path)) {
      try {
        const kept = JSON.parse(files.readString(path));
        if (draw.isTimeline(kept)) return { timeline: kept, kept: true };
      } catch (error) {
        // A damaged copy is as good as none.
      }
    }
    return { problem: settings.strings.unreachable, detail: settings.strings.nothingKept };
  }

  // In the app (no widget family): a preview at the size the chosen widget is made for.
  const PREVIEW = { small: "small", medium: "medium", tracker: "large", circular: "small", rectangular: "medium" };

  async function run(settings) {
    const parsed = draw.parseParameter(args.widgetParameter);
    const widgetName = draw.chooseWidget(config.widgetFamily, parsed);
    const family = config.widgetFamily || PREVIEW[widgetName];
    const now = new Date();
    let description;
    let palettes = { light: draw.palette(null, "light"), dark: draw.palette(null, "dark") };
    if (parsed.error !== undefined) {
      description = draw.message({
        family, now, settings, title: settings.strings.unknownTitle, detail: draw.unknownParameter(parsed, settings),
      });
    } else {
      const loaded = await timeline(settings, widgetName, parsed.tracker);
      if (loaded.timeline) {
        description = draw.describe({ timeline: loaded.timeline, now, family, kept: loaded.kept, settings });
        palettes = { light: draw.palette(loaded.timeline, "light"), dark: draw.palette(loaded.timeline, "dark") };
      } else {
        description = draw.message({ family, now, settings, title: loaded.problem, detail: loaded.detail });
      }
    }
    const widget = build(description, palettes);
    if (config.runsInWidget) {
      Script.setWidget(widget);
    } else if (family === "large") {
      await widget.presentLarge();
    } else if (family === "medium") {
      await widget.presentMedium();
    } else {
      await widget.presentSmall();
    }
    Script.complete();
    return description;
  }

  return { build, timeline, run };
})();

await DaybookWidget.run(DAYBOOK);
