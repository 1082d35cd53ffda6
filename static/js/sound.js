/**
 * Optional sounds of the live board: a short generated beep (WebAudio, no audio file) when it
 * becomes the player's turn and when their time runs low; on any page, a rising chime when the
 * player is called to a game (callup.js).
 *
 * Off by default; the player's choice is remembered in localStorage. Browsers only let a page
 * make sound after a user gesture, so the audio context is created when the toggle is clicked
 * (and resumed on later clicks if the browser suspended it).
 */

const STORAGE_KEY = "gunshi.sound";

const TONES = {
  turn: [{ frequency: 660, at: 0, length: 0.09 }, { frequency: 880, at: 0.11, length: 0.12 }],
  low: [{ frequency: 440, at: 0, length: 0.15 }],
  call: [
    { frequency: 523, at: 0, length: 0.12 },
    { frequency: 659, at: 0.14, length: 0.12 },
    { frequency: 784, at: 0.28, length: 0.2 },
  ],
};

export class Sound {
  constructor() {
    this.context = null;
    this.enabled = false;
    try {
      this.enabled = window.localStorage.getItem(STORAGE_KEY) === "on";
    } catch {
      this.enabled = false; // storage refused (private mode): stay silent
    }
    this.played = []; // the names of the sounds played, newest last (for tests and debugging)
  }

  /** Switch sound on or off (call from a click handler: it unlocks audio). */
  toggle() {
    this.enabled = !this.enabled;
    try {
      window.localStorage.setItem(STORAGE_KEY, this.enabled ? "on" : "off");
    } catch {
      // Not remembered, but still applies to this page.
    }
    if (this.enabled) this.unlock();
    return this.enabled;
  }

  unlock() {
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) return;
    this.context ??= new Context();
    if (this.context.state === "suspended") this.context.resume();
  }

  /** Play the sound `name` ("turn", "low" or "call") if sound is on. */
  play(name) {
    if (!this.enabled) return;
    this.played.push(name);
    document.documentElement.dataset.lastSound = name; // visible to tests and to styles
    this.unlock();
    const context = this.context;
    if (!context) return;
    const start = context.currentTime + 0.01;
    for (const tone of TONES[name]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = tone.frequency;
      gain.gain.setValueAtTime(0.0001, start + tone.at);
      gain.gain.exponentialRampToValueAtTime(0.25, start + tone.at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + tone.at + tone.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + tone.at);
      oscillator.stop(start + tone.at + tone.length + 0.02);
    }
  }
}
