// Focus Mode: ticks locally from the server's numbers, acts through the API so sound can start with the
// click, re-syncs when the page comes back or another device changes the timer, plays ambient loops through a
// media element with a 1-second crossfade, and wires lock-screen controls (Media Session: the block's name and the
// time left; play, pause and stop act on the timer itself). Without this script the forms still work.
// Every action is one change sent through the outbox (`sendOrKeep`: its Idempotency-Key, and the time of the tap
// should it wait) to `/api/v1/focus/{action}`; the page shows the server's answer, or, while the change waits, what
// the person asked for, marked "Waiting", until the server has it and answers with the timer it makes.
import { AmbientPlayer } from "./ambient.js";
import { follow } from "./events.js";
import { CHANNEL, items, sendOrKeep } from "./outbox.js";
import { kindOf } from "./routes.js";

const root = document.getElementById("focus");
const display = document.getElementById("focus-display");
const ring = document.getElementById("focus-ring");
const progressBar = document.getElementById("focus-progress");
const status = document.getElementById("focus-status");
const soundNow = document.getElementById("focus-sound-now");
const volume = document.getElementById("focus-volume");
const labels = document.getElementById("offline-status")?.dataset ?? {};
const player = new AmbientPlayer();
window.daybookAmbient = player; // for checks from the browser console and tests

let state = {
  phase: root.dataset.phase,
  elapsed: Number(root.dataset.elapsedMs ?? 0) / 1000,
  planned: root.dataset.planned ? Number(root.dataset.planned) : null,
  sound: root.dataset.sound,
};
let anchor = performance.now();
let chimed = false;
let ringOffset = null; // where the ring was last drawn
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
  // The ring's length is 1000 (`pathLength`), a little under a pixel a unit on the largest dial: it is drawn again
  // only when it moves by a whole unit, not at every tick (most of a long session's ticks move it by less).
  const offset = Math.round(1000 * (1 - progress));
  if (ring && offset !== ringOffset) ring.style.strokeDashoffset = String(offset);
  ringOffset = offset;
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

/** The newest focus change waiting in the outbox; `undefined` when none waits. */
async function newestWaiting() {
  const list = await items().catch(() => []);
  return list.filter((item) => item.state === "waiting" && kindOf(new URL(item.url)) === "focus").at(-1);
}

/**
 * What the page draws for a tap while its change waits: the phase the person asked for, from the face as it was at
 * the tap, so they see at once that the tap took (and a running face keeps ticking). Drawing only: whether the
 * change stands, and the times it makes, is the server's to say when it arrives, and its answer replaces this. An
 * extension waits with the face unchanged: its minutes are the server's to add.
 */
function asked(action, body) {
  const face = { ...state, elapsed: elapsedNow() };
  if (action === "start") {
    const minutes = body.minutes ?? Number(document.getElementById("minutes")?.value);
    return { phase: "running", elapsed: 0, planned: Number.isFinite(minutes) && minutes > 0 ? minutes * 60 : null, sound: body.sound ?? face.sound };
  }
  if (action === "pause") return { ...face, phase: "paused" };
  if (action === "resume") return { ...face, phase: "running" };
  if (action === "stop") return { ...face, phase: "idle", elapsed: 0 };
  if (action === "sound") return { ...face, sound: body.sound };
  return face;
}

/** Draws what the newest waiting change asked for (as its tap drew it), marked as waiting; `false` when none waits. */
async function showWaiting() {
  const change = await newestWaiting();
  document.getElementById("focus-waiting")?.remove();
  if (!change) return false;
  // A change kept without this page's drawing (a form sent without its script) shows the timer as last known.
  const face = change.shown ?? state;
  const running = face.phase === "running";
  state = { ...face, elapsed: face.elapsed + (running && change.shown ? (Date.now() - change.madeAt) / 1000 : 0) };
  anchor = performance.now();
  root.dataset.phase = state.phase;
  status.textContent = root.dataset[`status${state.phase[0].toUpperCase()}${state.phase.slice(1)}`] ?? state.phase;
  const badge = document.createElement("span");
  badge.id = "focus-waiting";
  badge.className = "badge";
  badge.textContent = labels.waitingBadge ?? "";
  status.append(" ", badge);
  // A loop this page already has keeps playing; nothing new is fetched without the server.
  showControls({ isIdle: state.phase === "idle", isRunning: running, isPaused: state.phase === "paused", isFinished: false, sound: state.sound });
  paint();
  return true;
}

// A change's key: `randomUUID` needs a secure context, which a desktop on the server's plain LAN address is not.
const newKey = () => crypto.randomUUID?.()
  ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");

/**
 * Makes an action: one change to `/api/v1/focus/{action}` through the outbox's keyed send. The server's answer is
 * shown when it answers; else the change waits, made at the tap, and the page shows it waiting.
 */
async function call(action, body = {}) {
  const madeAt = Date.now(); // when the person acted, taken before anything is awaited
  const change = {
    key: newKey(), url: new URL(`/api/v1/focus/${action}`, location.href).href, method: "POST",
    contentType: "application/json", body: JSON.stringify(body), shown: asked(action, body),
  };
  let result;
  try {
    result = await sendOrKeep(change, { madeAt });
  } catch {
    showError(labels.quotaFull ?? "");
    return;
  }
  if (result.outcome === "waiting") {
    showError(null);
    await showWaiting();
    return;
  }
  const json = await result.response.json().catch(() => ({}));
  if (!result.response.ok) {
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
  form.dataset.ownOutbox = ""; // sent by `call` with the time of the action, not by the page's generic hold
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
// A kept copy of a running timer: it has run on since the server drew it.
if (state.phase === "running" && document.documentElement.dataset.keptAt) {
  state.elapsed += (Date.now() - Number(root.dataset.serverMs)) / 1000;
}
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
