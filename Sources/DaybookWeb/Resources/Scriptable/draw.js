// ---- What to draw: plain functions from a widget timeline to a description of the widget. ----
// Nothing here touches Scriptable: the tests run it under node, and scriptable-layer.js turns a description
// into ListWidget calls.
const DaybookDraw = (() => {
  const WIDGETS = ["small", "medium", "circular", "rectangular", "tracker"];
  const FAMILY_WIDGET = {
    small: "small",
    medium: "medium",
    large: "tracker",
    extraLarge: "tracker",
    accessoryCircular: "circular",
    accessoryRectangular: "rectangular",
    accessoryInline: "small",
  };
  // A kept copy is asked for again this soon, whatever its own timeline says.
  const RETRY_MS = 15 * 60 * 1000;

  // The widget parameter: empty lets the family choose; else a widget's name, or `tracker:ID`.
  function parseParameter(raw) {
    const text = String(raw ?? "").trim();
    if (text === "") return { widget: null, tracker: null };
    const lower = text.toLowerCase();
    if (WIDGETS.includes(lower)) return { widget: lower, tracker: null };
    const match = /^tracker:(.+)$/i.exec(text);
    if (match && match[1].trim() !== "") return { widget: "tracker", tracker: match[1].trim() };
    return { error: text };
  }

  // The widget to load: the one the parameter names, else the family's own (the app's preview: small).
  function chooseWidget(family, parsed) {
    if (parsed && parsed.widget) return parsed.widget;
    return FAMILY_WIDGET[family] || "small";
  }

  function timelineURL(address, widget, tracker) {
    const base = String(address).replace(/\/+$/, "");
    const query = tracker ? "?tracker=" + encodeURIComponent(tracker) : "";
    return `${base}/api/v1/widgets/${widget}${query}`;
  }

  // The local file a widget's last good timeline is kept in, one per widget and tracker.
  function keptFileName(widget, tracker) {
    const suffix = tracker ? "-" + String(tracker).replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64) : "";
    return `daybook-${widget}${suffix}.json`;
  }

  // Whether a parsed JSON answer is a timeline this script can draw.
  function isTimeline(value) {
    return (
      value !== null && typeof value === "object" && typeof value.widget === "string" &&
      Array.isArray(value.entries) && value.entries.length > 0
    );
  }

  // The entry shown at `now`: the last one that has begun, else the first.
  function entryFor(timeline, now) {
    const at = now.getTime();
    let chosen = timeline.entries[0];
    for (const entry of timeline.entries) {
      if (Date.parse(entry.date) <= at) chosen = entry;
    }
    return chosen;
  }

  // When the widget should be drawn again: the next entry after now, else the timeline's own refresh. A kept copy
  // (the server out of reach) is asked for again within a quarter of an hour.
  function refreshDate(timeline, now, kept) {
    const at = now.getTime();
    const next = timeline.entries.map((e) => Date.parse(e.date)).filter((t) => t > at).sort((a, b) => a - b)[0];
    let when = next ?? Date.parse(timeline.refreshAfter);
    if (!(when > at)) when = at + RETRY_MS;
    if (kept) when = Math.min(when, at + RETRY_MS);
    return new Date(when);
  }

  // `%@` in order, or `%1$@`, `%2$@`.
  function fill(template, ...values) {
    let next = 0;
    return String(template).replace(/%(?:(\d+)\$)?@/g, (_, index) => {
      const value = index ? values[Number(index) - 1] : values[next++];
      return value === undefined ? "" : String(value);
    });
  }

  // "As of 14:05" for a copy from today, "As of Nov 20, 14:05" for an older one, in the owner's language and zone.
  function asOf(timeline, now, settings) {
    const made = new Date(timeline.generatedAt);
    const zone = settings.timeZone || undefined;
    const locale = settings.language || "en";
    const day = (d) => new Intl.DateTimeFormat("en-CA", { timeZone: zone, dateStyle: "short" }).format(d);
    const time = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .format(made);
    const when =
      day(made) === day(now)
        ? time
        : new Intl.DateTimeFormat(locale, { timeZone: zone, month: "short", day: "numeric" }).format(made) + " " + time;
    return fill(settings.strings.asOf, when);
  }

  // The colours a description names, for one appearance; the accent and panel are the owner's own.
  function palette(timeline, appearance) {
    const dark = appearance === "dark";
    const pick = (pair, light, darkDefault) => (pair && pair[dark ? "dark" : "light"]) || (dark ? darkDefault : light);
    return {
      background: pick(timeline && timeline.background, "#ffffff", "#1c1c1e"),
      accent: pick(timeline && timeline.accent, "#3a5ba0", "#9db4ff"),
      text: dark ? "#f2f2f7" : "#1c1c1e",
      muted: dark ? "#a1a1aa" : "#5f6368",
      track: dark ? "#3a3a3c" : "#e5e5ea",
    };
  }

  const isAccessory = (family) => String(family).startsWith("accessory");

  function row(text, style, color = "text", lines = 1) {
    return { text: String(text ?? ""), style, color, lines };
  }

  // A block as a title and when it is; a lone block (the small widget) may take two lines for its title.
  function blockRows(block, { full, lone = false }) {
    const rows = [row(block.title, "title", "text", lone ? 2 : 1)];
    rows.push(row(full ? `${block.time} · ${block.when}` : block.when, "caption", block.isDue ? "accent" : "muted"));
    return rows;
  }

  function goalRing(goal, fallback) {
    if (!goal) return { fraction: 0, center: fallback, label: fallback, reached: false };
    return { fraction: Math.max(0, Math.min(1, goal.fraction)), center: goal.percent, label: goal.label, reached: goal.isReached };
  }

  // One line for the Lock Screen's inline place, from any widget's content.
  function inlineLine(widget, c) {
    switch (widget) {
      case "small":
        return c.block ? `${c.block.title} · ${c.block.when}` : `${c.focusLabel} ${c.focus}`;
      case "medium":
        return c.blocks.length ? `${c.blocks[0].title} · ${c.blocks[0].when}` : c.goal ? c.goal.label : c.focus;
      case "circular":
        return c.goal ? `${c.goal.percent} · ${c.goal.label}` : `${c.label} ${c.focus}`;
      case "rectangular":
        return c.timer.state === "idle" ? c.task || c.emptyText : `${c.task || c.timer.stateLabel} · ${c.timer.clock}`;
      case "tracker":
        return `${c.name} · ${c.today.label}`;
      default:
        return "";
    }
  }

  // The running timer as Scriptable counts it itself: down to its end, or up from its start.
  function liveTimer(timer, now) {
    if (timer.state !== "running") return null;
    if (timer.endsAt) return { date: timer.endsAt, counts: "down" };
    return { date: new Date(now.getTime() - timer.elapsedSeconds * 1000).toISOString(), counts: "up" };
  }

  function content(widget, c, family, now) {
    const full = family === "medium" || family === "large" || family === "extraLarge";
    const small = family === "small";
    switch (widget) {
      case "small": {
        const rows = [row(c.heading, "heading", "accent")];
        if (c.block) rows.push(...blockRows(c.block, { full: full || small, lone: true }));
        else rows.push(row(c.emptyText, "body", "muted", 2));
        return { rows, footer: [row(c.focusLabel, "caption", "muted"), row(c.focus, "value")] };
      }
      case "medium": {
        const rows = [row(c.heading, "heading", "accent")];
        const shown = full ? c.blocks : c.blocks.slice(0, small ? 2 : 1);
        for (const block of shown) rows.push(...blockRows(block, { full }));
        if (!c.blocks.length) rows.push(row(c.emptyText, "body", "muted", 2));
        const ring = full && c.goal ? goalRing(c.goal, c.focus) : null;
        return { rows, ring, footer: ring ? [] : [row(c.goal ? c.goal.label : c.focus, "caption", "muted")] };
      }
      case "circular":
        return {
          rows: family === "accessoryCircular" ? [] : [row(c.label, "heading", "accent")],
          ring: goalRing(c.goal, c.focus),
          footer: family === "accessoryCircular" ? [] : [row(c.goal ? c.goal.label : c.focus, "caption", "muted", 2)],
        };
      case "rectangular": {
        const rows = [row(c.heading, "heading", "accent"), row(c.task || c.emptyText, "title", c.task ? "text" : "muted")];
        const live = liveTimer(c.timer, now);
        const timer = { label: c.timer.stateLabel, clock: c.timer.clock, live, progress: c.timer.progress };
        return { rows, timer };
      }
      case "tracker": {
        const rows = [row(c.name, "heading", "accent"), row(c.month, "caption", "muted")];
        const grid = {
          color: c.color,
          weekdays: c.weekdays,
          showNumbers: family === "large" || family === "extraLarge",
          weeks: c.weeks.map((week) =>
            week.map((cell) => ({
              number: cell.number,
              level: cell.isOutside ? 0 : cell.level,
              met: cell.isMet,
              covered: cell.isCovered,
              today: cell.isToday,
              outside: cell.isOutside,
            }))
          ),
        };
        const footer = [row(`${c.streak} · ${c.strength}`, "caption", "muted"), row(c.today.label, "caption", "text")];
        if (isAccessory(family)) {
          return { rows: [row(c.name, "heading", "accent"), row(c.today.label, "title"), row(c.streak, "caption", "muted")] };
        }
        // Smaller than large, the grid leaves room for the name and one line under it.
        if (!full || family === "medium") return { rows: [rows[0]], grid, footer: [small ? footer[1] : footer[0]] };
        return { rows, grid, footer };
      }
      default:
        return { rows: [] };
    }
  }

  // What to draw: the timeline's entry for now, laid out for the family, with its colours for the appearance.
  function describe({ timeline, now, family, appearance = "light", kept = false, settings }) {
    const entry = entryFor(timeline, now);
    const widget = timeline.widget;
    const described = {
      family,
      widget,
      url: timeline.url || settings.address,
      refreshAfter: refreshDate(timeline, now, kept),
      palette: palette(timeline, appearance),
      entryDate: entry.date,
      note: kept ? asOf(timeline, now, settings) : null,
      rows: [],
      footer: [],
      ring: null,
      timer: null,
      grid: null,
      inline: null,
    };
    if (family === "accessoryInline") {
      const line = inlineLine(widget, entry.content);
      described.inline = kept ? `${line} (${described.note})` : line;
      return described;
    }
    const drawn = content(widget, entry.content, family, now);
    return { ...described, rows: drawn.rows || [], footer: drawn.footer || [], ring: drawn.ring || null,
      timer: drawn.timer || null, grid: drawn.grid || null };
  }

  // A message in place of a widget: the server out of reach with nothing kept, a refused token, a bad parameter.
  function message({ family, title, detail, settings, appearance = "light", now }) {
    return {
      family,
      widget: null,
      url: settings.address,
      refreshAfter: new Date(now.getTime() + RETRY_MS),
      palette: palette(null, appearance),
      note: null,
      rows: family === "accessoryInline" ? [] : [row(title, "heading", "accent"), row(detail || "", "caption", "muted", 4)],
      footer: [],
      ring: null,
      timer: null,
      grid: null,
      inline: family === "accessoryInline" ? title : null,
    };
  }

  function unknownParameter(parsed, settings) {
    return fill(settings.strings.unknownParameter, parsed.error, "small, medium, circular, rectangular, tracker, tracker:ID");
  }

  return {
    WIDGETS, FAMILY_WIDGET, parseParameter, chooseWidget, timelineURL, keptFileName, isTimeline, entryFor,
    refreshDate, fill, asOf, palette, describe, message, unknownParameter,
  };
})();
if (typeof module === "object" && module) module.exports = DaybookDraw;
