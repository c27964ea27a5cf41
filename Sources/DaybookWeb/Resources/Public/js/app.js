// Daybook's shared page behaviour: the service worker, and small enhancements that pages work without.

import "./badge.js";
import { follow } from "./events.js";
import { markQueued } from "./hold-forms.js";
import "./offline.js";
import { renew } from "./push.js";
import { tint } from "./tint.js";
import "./viewport.js";

if ("serviceWorker" in navigator) {
  // A module worker: it shares the outbox module with the pages.
  navigator.serviceWorker.register("/sw.js", { scope: "/", type: "module" }).then(() => {
    keepForGood();
    renew();
  }, () => {
    // Offline support is a bonus; the app works without it.
  });
}

/** The worker keeps pages on this device from now on: ask the browser not to clear them when space runs low
 * (Safari may otherwise clear an unvisited site's storage after 7 days). Asked once the worker is there; a
 * browser that decides silently (Chrome by engagement, Safari by its own measure) does so; one that asks the person
 * asks once. Settings → This device shows the answer. */
async function keepForGood() {
  try {
    if (!navigator.storage?.persist || (await navigator.storage.persisted())) return;
    if (localStorage.getItem("daybook.persistAsked") === "yes") return;
    localStorage.setItem("daybook.persistAsked", "yes");
    await navigator.storage.persist();
  } catch {
    // Without an answer the copy is kept as the browser sees fit.
  }
}

function enhance() {
  // Move focus to an error summary so screen readers announce what went wrong.
  const summary = document.getElementById("form-error");
  if (summary) summary.focus();

  // A colour picker beside the accent's hex field, kept in step both ways.
  const hex = document.getElementById("accentColor");
  if (hex && hex.tagName === "INPUT") {
    const picker = document.createElement("input");
    picker.type = "color";
    picker.setAttribute("aria-hidden", "true");
    picker.tabIndex = -1;
    const valid = (value) => /^#[0-9a-fA-F]{6}$/.test(value);
    if (valid(hex.value)) picker.value = hex.value.toLowerCase();
    const row = document.createElement("div");
    row.className = "color-row";
    hex.replaceWith(row);
    row.append(picker, hex);
    picker.addEventListener("input", () => { hex.value = picker.value; });
    hex.addEventListener("input", () => { if (valid(hex.value)) picker.value = hex.value.toLowerCase(); });
  }

  // Swatches that are not presets get their colour here (presets are coloured by the stylesheet).
  for (const dot of document.querySelectorAll(".swatch-dot[data-color]")) {
    const color = dot.dataset.color;
    if (/^#[0-9a-f]{6}$/.test(color)) dot.style.backgroundColor = color;
  }

  tint(document.documentElement);

  // Settings → This device: what this device keeps.
  if (document.getElementById("this-device")) import("./this-device.js");
  // The offline page at an entry's address: the entry from the journal kept on this device.
  if (document.getElementById("offline") && location.pathname.startsWith("/journal/")) import("./kept-views.js");

  live();
}

// Sections marked data-live="event …" follow changes made elsewhere (another window, a widget, the CLI): on
// those events the page is fetched again and the sections replaced. Forms marked data-inline save in place.
function live() {
  const regions = () => [...document.querySelectorAll("[data-live][id]")];
  if (regions().length === 0) return;
  let refreshing = null;
  let again = false;
  // When this page's own saves were answered: the change event each one causes needs no second fetch, as the
  // answer already showed the page after it. One tap, one screen update.
  const ownSaves = [];

  async function refresh(html) {
    try {
      if (!html) {
        const response = await fetch(location.href, { headers: { Accept: "text/html" } });
        if (!response.ok) return;
        html = await response.text();
      }
      const fresh = new DOMParser().parseFromString(html, "text/html");
      for (const region of regions()) {
        const next = fresh.getElementById(region.id);
        // Someone typing in a section keeps what they typed; it refreshes after their save.
        if (!next || region.contains(document.activeElement) && document.activeElement.matches("input")) continue;
        const focused = document.activeElement?.id;
        region.replaceWith(document.adoptNode(next));
        tint(next);
        inline(next);
        if (focused) document.getElementById(focused)?.focus();
      }
    } catch {
      // Offline: the page stays as it is until the next change.
    }
  }

  function schedule() {
    // The echo of a save this page made in the last few seconds: already on screen.
    while (ownSaves.length > 0 && Date.now() - ownSaves[0] > 5000) ownSaves.shift();
    if (ownSaves.length > 0) {
      ownSaves.shift();
      return;
    }
    if (refreshing) { again = true; return; }
    refreshing = (async () => {
      do { again = false; await refresh(); } while (again);
    })().finally(() => { refreshing = null; });
  }


  function inline(root) {
    for (const form of root.querySelectorAll("form[data-inline]")) {
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const data = new URLSearchParams(new FormData(form));
        if (event.submitter?.name) data.set(event.submitter.name, event.submitter.value);
        showAtOnce(event.submitter);
        form.setAttribute("aria-busy", "true");
        // Its change event may come before its answer does.
        const sent = Date.now();
        ownSaves.push(sent);
        const unsent = () => ownSaves.includes(sent) && ownSaves.splice(ownSaves.indexOf(sent), 1);
        try {
          const response = await fetch(form.action, { method: "POST", body: data, headers: { Accept: "text/html" } });
          // The server was away: the change waits on this device (or could not be kept), and the form stays.
          if (markQueued(form, response)) return unsent();
          if (!response.ok) {
            // The server's page says what was wrong, in the person's language.
            document.open(); document.write(await response.text()); document.close();
            return;
          }
          await refresh(await response.text());
        } catch {
          unsent();
          form.submit();
        } finally {
          form.removeAttribute("aria-busy");
        }
      });
    }
  }

  // A tick shows the moment it is tapped; the server's answer, a moment later, settles it.
  function showAtOnce(button) {
    if (!button?.matches(".toggle[aria-pressed]")) return;
    const on = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(on));
    button.classList.toggle("on", on);
    button.closest(".tracker-slot")?.classList.toggle("met", on);
  }

  inline(document);
  follow(new Set(regions().flatMap((region) => region.dataset.live.split(/\s+/))), schedule);
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", enhance);
} else {
  enhance();
}
