/**
 * Both clocks, counting down smoothly from the server's snapshot.
 *
 * The server's clock view (docs/protocol.md §2, `clock`) gives each seat's remaining time at
 * the instant it was computed, and which seat runs. The browser never trusts its own wall
 * clock: it counts the running seat down by the time elapsed *since it received the frame*
 * (`performance.now()`), redrawn on every animation frame, and stops at zero. The server alone
 * decides a flag fall; at zero the page only asks it to check (`onZero`).
 */

import { formatClock, t } from "./i18n.js";

export const LOW_TIME_MS = 60_000;
export const CRITICAL_TIME_MS = 10_000;

export class ClockPair {
  /**
   * elements: {red, blue} — each an element whose text becomes the time; the class names
   * `is-running`, `is-low` (under a minute), `is-critical` (under ten seconds), `is-flagged`
   * and `is-paused` are toggled on it. onZero(seat): a running clock reached zero;
   * onLow(seat): a running clock has just gone under a minute or under ten seconds.
   */
  constructor(elements, { onZero, onLow } = {}) {
    this.elements = elements;
    this.onZero = onZero ?? (() => {});
    this.onLow = onLow ?? (() => {});
    this.lowLevel = {}; // per seat: 0 plenty, 1 under a minute, 2 under ten seconds
    this.clock = null;
    this.receivedAt = 0;
    this.zeroReported = null;
    this.frame = null;
    this.tick = this.tick.bind(this);
  }

  update(clock, receivedAt) {
    this.clock = clock;
    this.receivedAt = receivedAt;
    this.zeroReported = null;
    this.draw();
    if (this.frame === null) this.frame = window.requestAnimationFrame(this.tick);
  }

  /** Tell `onLow` when the running `seat` has just gone under a minute or ten seconds. */
  reportLow(seat, ms, running) {
    let level = 0;
    if (ms <= 0) level = null;
    else if (ms < CRITICAL_TIME_MS) level = 2;
    else if (ms < LOW_TIME_MS) level = 1;
    const previous = this.lowLevel[seat];
    this.lowLevel[seat] = level;
    if (running && typeof previous === "number" && level !== null && level > previous) this.onLow(seat, level);
  }

  /** The remaining time of `seat` now, as far as the last frame says. */
  remaining(seat) {
    if (!this.clock) return 0;
    const base = this.clock.remaining_ms[seat];
    if (this.clock.ticking && this.clock.running === seat) {
      return Math.max(0, base - (performance.now() - this.receivedAt));
    }
    return Math.max(0, base);
  }

  tick() {
    this.draw();
    this.frame = this.clock?.ticking ? window.requestAnimationFrame(this.tick) : null;
  }

  draw() {
    if (!this.clock) return;
    for (const seat of ["red", "blue"]) {
      const element = this.elements[seat];
      if (!element) continue;
      const ms = this.remaining(seat);
      const text = formatClock(ms);
      const display = element.querySelector("[data-clock-time]") ?? element;
      if (display.textContent !== text) display.textContent = text;
      const running = this.clock.running === seat && this.clock.ticking;
      element.classList.toggle("is-running", running);
      element.classList.toggle("is-low", ms < LOW_TIME_MS && ms > 0);
      element.classList.toggle("is-critical", ms < CRITICAL_TIME_MS && ms > 0);
      element.classList.toggle("is-flagged", this.clock.flagged === seat || (running && ms <= 0));
      element.classList.toggle("is-paused", Boolean(this.clock.paused));
      let warning = "";
      if (ms < CRITICAL_TIME_MS) warning = t("critical_time");
      else if (ms < LOW_TIME_MS) warning = t("low_time");
      element.title = warning;
      this.reportLow(seat, ms, running);
      if (running && ms <= 0 && this.zeroReported !== seat) {
        this.zeroReported = seat;
        this.onZero(seat);
      }
    }
  }
}
