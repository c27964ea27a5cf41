// Ambient loops through Web Audio: fade in on start, fade out on pause or stop, and a 1-second
// crossfade (two gain ramps) when the sound changes.
const FADE = 1.0;

export class AmbientPlayer {
  #context = null;
  #master = null;
  #buffers = new Map();
  #voice = null; // { name, source, gain }
  #volume = 0.6;
  /** Every gain ramp scheduled, newest last: what a person would hear as fades. */
  ramps = [];

  get current() {
    return this.#voice?.name ?? null;
  }

  context() {
    if (!this.#context) {
      const AudioContextClass = window.AudioContext ?? window.webkitAudioContext;
      if (!AudioContextClass) return null;
      this.#context = new AudioContextClass();
      this.#master = this.#context.createGain();
      this.#master.gain.value = this.#volume;
      this.#master.connect(this.#context.destination);
    }
    return this.#context;
  }

  /** Call inside a click or key press: browsers only allow sound to start from a gesture. */
  unlock() {
    const context = this.context();
    if (context && context.state === "suspended") context.resume();
  }

  setVolume(value) {
    this.#volume = value;
    const context = this.context();
    if (context) this.#master.gain.setTargetAtTime(value, context.currentTime, 0.05);
  }

  async #buffer(name) {
    if (!this.#buffers.has(name)) {
      this.#buffers.set(name, fetch(`/sounds/${name}.wav`)
        .then((response) => response.arrayBuffer())
        .then((data) => this.context().decodeAudioData(data)));
    }
    return this.#buffers.get(name);
  }

  async play(name) {
    if (!name || name === "none") return this.stop();
    if (this.#voice?.name === name) return;
    const context = this.context();
    if (!context) return;
    const pending = { name };
    this.#voice?.pending && (this.#voice.cancelled = true);
    const previous = this.#voice;
    this.#voice = pending;
    pending.pending = true;
    let buffer;
    try {
      buffer = await this.#buffer(name);
    } catch {
      return;
    }
    if (pending.cancelled || this.#voice !== pending) return;
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.loop = true;
    const gain = context.createGain();
    const now = context.currentTime;
    gain.gain.setValueAtTime(0, now);
    gain.gain.linearRampToValueAtTime(1, now + FADE);
    this.ramps.push({ sound: name, from: 0, to: 1, at: now, duration: FADE });
    source.connect(gain).connect(this.#master);
    source.start(now);
    pending.source = source;
    pending.gain = gain;
    pending.pending = false;
    if (previous?.source) this.#fadeOut(previous, now);
  }

  stop() {
    const voice = this.#voice;
    this.#voice = null;
    if (voice?.source) this.#fadeOut(voice, this.#context.currentTime);
    else if (voice) voice.cancelled = true;
  }

  #fadeOut(voice, now) {
    const gain = voice.gain.gain;
    gain.cancelScheduledValues(now);
    gain.setValueAtTime(gain.value, now);
    gain.linearRampToValueAtTime(0, now + FADE);
    this.ramps.push({ sound: voice.name, from: gain.value, to: 0, at: now, duration: FADE });
    voice.source.stop(now + FADE + 0.05);
  }
}
