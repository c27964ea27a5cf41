// Focus Mode: ticks locally from the server's numbers, acts through the API so sound can start with the
// click, re-syncs when the page comes back or another device changes the timer, plays ambient loops through a
// media element with a 1-second crossfade, and wires lock-screen controls (Media Session: the block's name and the
// time left; play, pause and stop act on the timer itself). Without this script the forms still work.
// Without the server, start, pause, resume and stop run from the device's clock: each waits in the outbox as a
// form post with the time it was made (`Daybook-Made-At`), and the page shows the timer as those waiting changes make it.
import { AmbientPlayer } from "./ambient.js";
import { follow } from "./events.js";
import { CHANNEL, items, unreachable } from "./outbox.js";
import { kindOf } from "./routes.js";

const root = document.getElementById("focus");
const display = document.getElementById("focus-display");
const ring = document.getElementById("focus-ring");
const progressBar = document.getElementById("focus-progress");
const status = document.getElementById("focus-status");
const soundNow = document.getElementById("focus-sound-now");
const volume = document.getElementById("focus-volume");
const player = new AmbientPlayer();
window.daybookAmbient = player; // for checks from the browser console and tests

let state = {
  phase: root.dataset.phase,
  elapsed: Number(root.dataset.elapsedMs ?? 0) / 1000,
  planned: root.dataset.planned ? Number(root.dataset.planned) : null,
  sound: root.dataset.sound,
};
let anchor = performance.now();
// The last state the server gave, with the device's time it was true at: a kept copy's is when it was kept.
let known = { ...state, at: document.documentElement.dataset.keptAt ? Number(root.dataset.serverMs) : Date.now() };
let chimed = false;
// Only answers newer than the last one applied (by the server's clock) are applied, so a slow answer made
// before a pause can't undo it, whichever request was sent first.
let applied = Number(root.dataset.serverMs ?? 0);

function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const rest = String(s % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${minutes}:${rest}` : `${minutes}:${rest}`;
}

function elapsedNow() {
  return state.elapsed + (state.phase === "running" ? (performance.now() - anchor) / 1000 : 0);
}

function shownSeconds() {
  const elapsed = elapsedNow();
  return state.planned ? Math.ceil(Math.max(0, state.planned - elapsed) - 1e-6) : elapsed;
}

function paint() {
  const elapsed = elapsedNow();
  const progress = state.planned ? Math.min(1, elapsed / state.planned) : 0;
  const text = clock(shownSeconds());
  if (display.textContent !== text) {
    display.textContent = text;
    showTimeLeft();
  }
  if (ring) ring.style.strokeDashoffset = String(1000 * (1 - progress));
  if (progressBar) progressBar.value = Math.round(progress * 1000);
  if (state.planned && state.phase === "running" && elapsed >= state.planned && !chimed) {
    chimed = true;
    finished();
  }
}

// Applies a view model from the server: numbers, controls, sound and lock-screen state, all at once.
function apply(model) {
  if (model.serverMilliseconds < applied) return;
  applied = model.serverMilliseconds;
  known = { phase: model.phase, elapsed: model.elapsedMilliseconds / 1000, planned: model.plannedSeconds ?? null, sound: model.sound, at: Date.now() };
  window.daybookFocusLog = [...(window.daybookFocusLog ?? []).slice(-19), [model.phase, model.elapsedMilliseconds, model.serverMilliseconds, model.sound]];
  state = { phase: model.phase, elapsed: model.elapsedMilliseconds / 1000, planned: model.plannedSeconds ?? null, sound: model.sound };
  anchor = performance.now();
  root.dataset.phase = model.phase;
  status.textContent = model.statusLabel;
  document.getElementById("focus-today").textContent = model.todayTotal;
  showControls(model);
  if (model.isRunning) chimed = false;
  paint();
  updateMediaSession(model);
}

function showControls(model) {
  for (const form of document.querySelectorAll("form[data-action]")) {
    const action = form.dataset.action;
    const visible = {
      start: model.isIdle || model.isFinished,
      pause: model.isRunning,
      resume: model.isPaused,
      extend: model.isRunning,
      stop: model.isRunning || model.isPaused,
    }[action];
    form.hidden = !visible;
  }
  document.getElementById("sound-controls").hidden = !(model.isRunning || model.isPaused);
  // The session's sound is the server's: a change made on another device crossfades here too.
  if (soundNow && (model.isRunning || model.isPaused)) soundNow.value = model.sound;
  if (model.isRunning) player.play(model.sound);
  else if (model.isPaused) player.pause(); // kept, so the lock screen still offers to play
  else player.stop();
}

/** The focus changes waiting in the outbox, oldest first, with their fields. */
async function waiting() {
  const list = await items().catch(() => []);
  return list.filter((item) => item.state === "waiting" && kindOf(new URL(item.url)) === "focus")
    .map((item) => ({ action: new URL(item.url).pathname.slice(7), fields: new URLSearchParams(item.body), at: item.madeAt }));
}

/** The timer as the server last gave it, moved on by the waiting changes, each at the time it was made. */
function local(changes) {
  let timer = { ...known };
  for (const { action, fields, at } of changes) {
    const minutes = Number(fields.get("minutes") || root.querySelector("#minutes")?.value);
    if (action === "start") {
      timer = { phase: "running", elapsed: 0, planned: fields.get("stopwatch") === "on" ? null : minutes * 60, sound: fields.get("sound") || timer.sound, at };
    } else if (action === "pause" && timer.phase === "running") {
      timer = { ...timer, phase: "paused", elapsed: timer.elapsed + (at - timer.at) / 1000, at };
    } else if (action === "resume" && timer.phase === "paused") {
      timer = { ...timer, phase: "running", at };
    } else if (action === "stop") {
      timer = { ...timer, phase: "idle", elapsed: 0, planned: timer.planned, at };
    }
  }
  return timer;
}

/** Shows the timer the waiting changes make, marked as waiting; `false` when none wait. */
async function showWaiting() {
  const changes = await waiting();
  document.getElementById("focus-waiting")?.remove();
  if (changes.length === 0) return false;
  const timer = local(changes);
  const running = timer.phase === "running";
  state = { phase: timer.phase, elapsed: timer.elapsed + (running ? (Date.now() - timer.at) / 1000 : 0), planned: timer.planned, sound: timer.sound };
  anchor = performance.now();
  root.dataset.phase = timer.phase;
  status.textContent = root.dataset[`status${timer.phase[0].toUpperCase()}${timer.phase.slice(1)}`] ?? timer.phase;
  const badge = document.createElement("span");
  badge.id = "focus-waiting";
  badge.className = "badge";
  badge.textContent = document.getElementById("offline-status")?.dataset.waitingBadge ?? "";
  status.append(" ", badge);
  // A loop this page already has keeps playing; nothing new is fetched without the server.
  showControls({ isIdle: timer.phase === "idle", isRunning: running, isPaused: timer.phase === "paused", isFinished: false, sound: timer.sound });
  paint();
  return true;
}

/** Keeps an action made without the server in the outbox, through the worker, with the time it was made. */
async function keep(action, body, at) {
  const fields = new URLSearchParams();
  const csrf = document.querySelector('form[data-action] input[name="csrf"]')?.value;
  if (csrf) fields.set("csrf", csrf);
  for (const [name, value] of Object.entries(body ?? {})) if (value !== undefined) fields.set(name, String(value));
  let response;
  try {
    response = await fetch(`/focus/${action}`, {
      method: "POST", body: fields, headers: { Accept: "text/html", "Daybook-Made-At": new Date(at).toISOString() },
    });
  } catch {
    response = null;
  }
  if (response?.headers.get("X-Daybook-Outbox") === "waiting") {
    showError(null);
    await showWaiting();
    return;
  }
  if (response?.status === 507 || !response) {
    showError(document.getElementById("offline-status")?.dataset.quotaFull ?? "");
    return;
  }
  // The server was back after all and took it.
  await sync();
}

// `at` is when the person acted, taken before anything is awaited.
async function call(action, body, at = Date.now()) {
  if (["start", "pause", "resume", "stop"].includes(action) && (await waiting()).length > 0) {
    // Earlier changes still wait: this one waits behind them, so none overtakes another.
    return keep(action, body, at);
  }
  let response;
  try {
    response = await fetch(`/api/v1/focus/${action}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    response = null;
  }
  // No server, or only the proxy in front of it answering for it (502, 503, 504): the action waits.
  if (unreachable(response)) {
    if (["start", "pause", "resume", "stop"].includes(action)) return keep(action, body, at);
    return;
  }
  const json = await response.json().catch(() => ({}));
  if (!response.ok) {
    showError(json.error?.message ?? "");
    await sync();
    return;
  }
  showError(null);
  apply(json);
}

function showError(message) {
  let box = document.getElementById("form-error");
  if (!message) {
    box?.remove();
    return;
  }
  if (!box) {
    box = document.createElement("p");
    box.id = "form-error";
    box.className = "form-error";
    box.setAttribute("role", "alert");
    document.querySelector(".focus-actions").before(box);
  }
  box.textContent = message;
}

async function sync() {
  if (await showWaiting()) return; // the server does not know these changes yet
  try {
    const response = await fetch("/api/v1/focus", { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    apply(await response.json());
  } catch {
    // Offline: keep ticking from what we know.
  }
}

for (const form of document.querySelectorAll("form[data-action]")) {
  form.dataset.ownOutbox = ""; // kept by `keep` with the time of the action, not by the page's generic hold
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    player.unlock(); // inside the click, so the browser lets sound start
    const action = form.dataset.action;
    sound(action, action === "start" ? form.elements.sound.value : state.sound);
    if (action === "start") {
      const minutes = Number(form.elements.minutes.value);
      const sound = form.elements.sound.value;
      if ("Notification" in window && Notification.permission === "default") Notification.requestPermission();
      call("start", { minutes: Number.isFinite(minutes) && form.elements.minutes.value !== "" ? minutes : undefined, sound });
    } else {
      call(action);
    }
  });
}

/** Starts, pauses or stops the sound within the gesture itself (Safari plays media only from one); the server's
 * answer then agrees, or puts it back. */
function sound(action, name) {
  if (action === "start" || action === "resume") player.play(name);
  else if (action === "pause") player.pause();
  else if (action === "stop") player.stop();
}

soundNow?.addEventListener("change", () => {
  player.unlock();
  if (state.phase === "running") player.play(soundNow.value); // at once; the server's answer agrees
  call("sound", { sound: soundNow.value });
});
volume?.addEventListener("input", () => player.setVolume(Number(volume.value) / 100));

function finished() {
  chime();
  if ("Notification" in window && Notification.permission === "granted") {
    new Notification(root.dataset.title ?? "", { body: status.textContent, icon: "/static/icons/icon-192.png" });
  }
  setTimeout(sync, 800);
}

// A soft two-note chime, made on the spot.
function chime() {
  const context = player.context();
  if (!context) return;
  for (const [frequency, delay] of [[659.25, 0], [987.77, 0.18]]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    const start = context.currentTime + delay;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 1.6);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + 1.7);
  }
}

// The lock screen's Now Playing follows the playing media element: it names the block and the time left, and its
// play, pause and stop act on the timer (and the sound, at once, within the person's gesture).
const mediaActions = {
  play: () => {
    player.unlock();
    sound("resume", state.sound);
    return call("resume");
  },
  pause: () => {
    sound("pause");
    return call("pause");
  },
  stop: () => {
    sound("stop");
    return call("stop");
  },
  seekforward: () => call("extend"),
};
window.daybookMediaActions = mediaActions; // for checks from the browser console and tests
let session = null; // the model the lock screen shows

function showTimeLeft() {
  if (!session || !("mediaSession" in navigator) || typeof MediaMetadata === "undefined") return;
  const left = (root.dataset.timeLeft ?? "%@").replace("%@", clock(shownSeconds()));
  navigator.mediaSession.metadata = new MediaMetadata({
    title: session.title,
    artist: state.planned ? left : status.textContent,
    album: "Daybook",
    artwork: [{ src: "/static/icons/icon-512.png", sizes: "512x512", type: "image/png" }],
  });
}

function updateMediaSession(model) {
  if (!("mediaSession" in navigator)) return;
  session = model.isRunning || model.isPaused ? model : null;
  if (session) showTimeLeft();
  else navigator.mediaSession.metadata = null;
  navigator.mediaSession.playbackState = model.isRunning ? "playing" : model.isPaused ? "paused" : "none";
  for (const [action, handler] of Object.entries(mediaActions)) {
    try {
      navigator.mediaSession.setActionHandler(action, session ? handler : null);
    } catch {
      // Not every browser supports every action.
    }
  }
  // A paused session is told by playbackState; a playbackRate of 0 is refused by the API.
  try {
    navigator.mediaSession.setPositionState?.(model.plannedSeconds ? {
      duration: model.plannedSeconds,
      position: Math.min(model.plannedSeconds, model.elapsedMilliseconds / 1000),
      playbackRate: 1,
    } : undefined);
  } catch {
    // A browser that disagrees with the numbers keeps its old position; the page itself is right.
  }
}

let wakeLock = null;
async function keepAwake() {
  if (!("wakeLock" in navigator) || state.phase !== "running" || document.visibilityState !== "visible") return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
  } catch {
    wakeLock = null;
  }
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") {
    paint(); // the right value at once, then confirm with the server
    sync();
    keepAwake();
  }
});

document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
  if (event.key === "Escape") {
    location.href = "/";
  } else if (event.key === " " && !typing) {
    const form = document.querySelector('form[data-action="pause"]:not([hidden]), form[data-action="resume"]:not([hidden])');
    if (form) {
      event.preventDefault();
      form.requestSubmit();
    }
  }
});

follow(["timer"], sync);
try {
  // The outbox sent or kept something: show what the server now has, or what still waits.
  new BroadcastChannel(CHANNEL).addEventListener("message", () => sync());
} catch {
  // Without BroadcastChannel the page catches up on its next sync.
}
document.getElementById("sound-controls").hidden = !(state.phase === "running" || state.phase === "paused");
// A kept copy of a running timer: it has run on since the copy was kept.
if (state.phase === "running") state.elapsed += (Date.now() - known.at) / 1000;
if (state.phase === "running") player.play(state.sound); // may wait for a first click where autoplay is off
// A page opened on a running timer (from Today's Start, or reloaded) may not start sound by itself: Safari plays
// media only from a gesture. The first tap or key press on the page starts it.
const soundOnGesture = () => {
  if (state.phase !== "running" || !player.element?.paused) return;
  player.unlock();
  player.play(state.sound);
};
document.addEventListener("click", soundOnGesture, true);
document.addEventListener("keydown", soundOnGesture, true);
updateMediaSession({ title: root.dataset.title, isRunning: state.phase === "running", isPaused: state.phase === "paused",
  plannedSeconds: state.planned, elapsedMilliseconds: state.elapsed * 1000 });
paint();
showWaiting();
setInterval(paint, 250);
keepAwake();
