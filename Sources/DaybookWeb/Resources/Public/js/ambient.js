// Ambient loops through media elements (`<audio loop>`): an iPhone plays a media element with its silent switch
// on, keeps it playing on the lock screen of a Home Screen app, and shows its Now Playing controls for it —
// Web Audio gets none of that. The audio session is set to "playback" where the browser has one.
// Fades (1 second in on start, out on pause or stop) and the 1-second crossfade when the sound changes ramp
// each element's volume, where the browser lets a page set it: iOS leaves volume to the buttons on the phone,
// so there a sound starts and stops at once. The loops are made to join without a seam (the server measures
// it) and a WAV has no encoder padding, so nothing is added at the loop point.
// Two elements take turns (the crossfade needs both at once): Safari lets a page start an element by script only
// once a tap has started or loaded it, so both are loaded within the first tap and reused ever after.
// The finishing chime alone is made with Web Audio, on the spot.
const FADE = 1.0;
const STEP_MS = 40;

/** Whether this browser lets a page set a media element's volume (iOS reads it back as 1). */
function volumeIsSettable() {
  try {
    const probe = document.createElement("audio");
    probe.volume = 0.5;
    return Math.abs(probe.volume - 0.5) < 0.01;
  } catch {
    return false;
  }
}

export class AmbientPlayer {
  #voice = null; // { name, element, level, timer }
  #elements = [];
  #volume = 0.6;
  #context = null;
  #fades = volumeIsSettable();
  /** Every fade started, newest last: what a person would hear as fades (`duration` 0 where volume is fixed). */
  ramps = [];
  /** Why the browser refused to play, newest last (autoplay without a gesture): for checks from the console. */
  refusals = [];

  /** The name of the sound playing or paused, or null. */
  get current() {
    return this.#voice?.name ?? null;
  }

  /** The media element of the current sound (playing or paused), or null. */
  get element() {
    return this.#voice?.element ?? null;
  }

  /** A Web Audio context for the chime, made on first use. */
  context() {
    if (!this.#context) {
      const AudioContextClass = window.AudioContext ?? window.webkitAudioContext;
      if (!AudioContextClass) return null;
      this.#context = new AudioContextClass();
    }
    return this.#context;
  }

  /** Call inside a click or key press: browsers only allow sound to start from a gesture. */
  unlock() {
    for (const element of this.#pool()) {
      if (element.dataset.unlocked) continue;
      element.dataset.unlocked = "true";
      if (!element.dataset.sound) element.load(); // within the gesture: this element may play by script from now on
    }
    if ("audioSession" in navigator) {
      try {
        navigator.audioSession.type = "playback"; // sound despite the silent switch, like a music app
      } catch {
        // An audio session that refuses the type keeps its own.
      }
    }
    const context = this.context();
    if (context && context.state === "suspended") context.resume().catch(() => {});
  }

  setVolume(value) {
    this.#volume = value;
    const voice = this.#voice;
    if (voice && !voice.timer) this.#setLevel(voice, voice.level);
  }

  /** Plays `name` (fading in), crossfading from whatever played before; resumes it when it is paused. */
  play(name) {
    if (!name || name === "none") return this.stop();
    const now = performance.now() / 1000;
    const current = this.#voice;
    if (current?.name === name) {
      if (current.element.paused || current.fadingOut) this.#fadeIn(current, now);
      return;
    }
    const element = this.#free(current);
    element.dataset.sound = name;
    element.src = `/sounds/${name}.wav`;
    const voice = { name, element, level: 0, timer: null };
    this.#elements.find((slot) => slot.element === element).voice = voice;
    this.#voice = voice;
    this.#setLevel(voice, 0);
    this.#fadeIn(voice, now);
    if (current) this.#fadeOut(current, now, true);
  }

  /** Fades the sound out and pauses it, keeping it ready to resume (the lock screen keeps its controls). */
  pause() {
    const voice = this.#voice;
    if (voice && !voice.element.paused && !voice.fadingOut) this.#fadeOut(voice, performance.now() / 1000, false);
  }

  /** Fades the sound out and lets it go. */
  stop() {
    const voice = this.#voice;
    this.#voice = null;
    if (voice) this.#fadeOut(voice, performance.now() / 1000, true);
  }

  /** The two media elements, made on first use. */
  #pool() {
    while (this.#elements.length < 2) {
      const element = document.createElement("audio");
      element.loop = true;
      element.preload = "auto";
      element.hidden = true;
      element.className = "ambient";
      document.body.append(element);
      this.#elements.push({ element, voice: null });
    }
    return this.#elements.map((slot) => slot.element);
  }

  /** An element no voice uses; one still fading out is cut short when none is free. */
  #free(current) {
    const pool = this.#pool();
    const idle = pool.find((element) => !element.dataset.sound);
    if (idle) return idle;
    const fading = pool.find((element) => element !== current?.element) ?? pool[0];
    const slot = this.#elements.find((entry) => entry.element === fading);
    if (slot.voice) this.#release(slot.voice);
    return fading;
  }

  #release(voice) {
    clearInterval(voice.timer);
    voice.timer = null;
    voice.element.pause();
    voice.element.removeAttribute("src");
    delete voice.element.dataset.sound;
    voice.element.load();
    const slot = this.#elements.find((entry) => entry.element === voice.element);
    if (slot?.voice === voice) slot.voice = null;
  }

  #setLevel(voice, level) {
    voice.level = level;
    if (this.#fades) voice.element.volume = Math.max(0, Math.min(1, level * this.#volume));
  }

  #fadeIn(voice, now) {
    voice.fadingOut = false;
    this.ramps.push({ sound: voice.name, from: voice.level, to: 1, at: now, duration: this.#fades ? FADE : 0 });
    this.#ramp(voice, 1, () => {});
    // Refused without a gesture (autoplay): Focus starts it again from the next click.
    voice.element.play().catch((error) => this.refusals.push(`${voice.name}: ${error?.name ?? error}`));
  }

  #fadeOut(voice, now, release) {
    voice.fadingOut = true;
    this.ramps.push({ sound: voice.name, from: voice.level, to: 0, at: now, duration: this.#fades ? FADE : 0 });
    this.#ramp(voice, 0, () => {
      if (!voice.fadingOut) return;
      if (release) this.#release(voice);
      else voice.element.pause();
    });
  }

  /** Moves the voice's level to `target` over what is left of a full fade, then calls `done`. */
  #ramp(voice, target, done) {
    clearInterval(voice.timer);
    voice.timer = null;
    if (!this.#fades) {
      this.#setLevel(voice, target);
      done();
      return;
    }
    const from = voice.level;
    const started = performance.now();
    const length = FADE * 1000 * Math.abs(target - from) || 1;
    voice.timer = setInterval(() => {
      const t = Math.min(1, (performance.now() - started) / length);
      this.#setLevel(voice, from + (target - from) * t);
      if (t >= 1) {
        clearInterval(voice.timer);
        voice.timer = null;
        done();
      }
    }, STEP_MS);
  }
}
