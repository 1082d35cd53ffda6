/**
 * A seat's 軍棋 set-up being built in the browser (RULES.md §3, §10.3).
 *
 * `SetupDraft` holds which piece stands on which of the side's 25 non-camp stations, checks
 * the rules of §3.2–3.4 as the player goes (the server checks again on submit), draws a random
 * legal set-up, and writes the §10.3 set-up string: the side's six rows from its own back row
 * to its front row (Red 1→6, Blue 12→7), columns a→e, camps as `+`.
 */

import { CAMPS, COLUMNS, HQ, PIECE_CODES, PIECE_COUNTS, stationName } from "./junqi_board.js";

/** The side's rows in set-up string order (own back row first). */
export function setupRows(side) {
  return side === "red" ? [1, 2, 3, 4, 5, 6] : [12, 11, 10, 9, 8, 7];
}

/** The 25 stations a side fills (§3.1), in set-up string order. */
export function setupStations(side) {
  const out = [];
  for (const row of setupRows(side)) {
    for (let c = 0; c < COLUMNS.length; c += 1) {
      const name = stationName(c, row);
      if (!CAMPS.has(name)) out.push(name);
    }
  }
  return out;
}

function rowOf(name) {
  return Number(name.slice(1));
}

export class SetupDraft {
  constructor(side) {
    this.side = side;
    this.stations = setupStations(side);
    this.placed = new Map(); // station → piece code
    this.byHand = false; // a piece was placed or moved by hand since the last random set-up
    const rows = setupRows(side);
    this.backRows = new Set([rows[0], rows[1]]);
    this.frontRow = rows[5];
  }

  /** How many of `code` are still in the tray. */
  left(code) {
    let used = 0;
    for (const placed of this.placed.values()) if (placed === code) used += 1;
    return PIECE_COUNTS[code] - used;
  }

  isOwn(station) {
    return this.stations.includes(station);
  }

  /** Put a piece from the tray on `station` (a piece already there goes back to the tray). */
  place(code, station) {
    if (!this.isOwn(station) || this.left(code) <= 0) return false;
    this.placed.set(station, code);
    this.byHand = true;
    return true;
  }

  /** Swap the contents of two own stations (either may be empty). */
  swap(a, b) {
    if (!this.isOwn(a) || !this.isOwn(b) || a === b) return false;
    const pa = this.placed.get(a);
    const pb = this.placed.get(b);
    this.placed.delete(a);
    this.placed.delete(b);
    if (pb) this.placed.set(a, pb);
    if (pa) this.placed.set(b, pa);
    this.byHand = true;
    return true;
  }

  clear() {
    this.placed.clear();
    this.byHand = false;
  }

  /** What breaks the rules now, as label keys with their parameters (empty: ready). */
  problems() {
    const out = [];
    const missing = this.stations.length - this.placed.size;
    if (missing > 0) out.push(["jq_setup_missing", { n: missing }]);
    for (const [station, code] of this.placed) {
      if (code === "F" && !HQ[this.side].includes(station)) out.push(["jq_setup_flag", {}]);
      if (code === "M" && !this.backRows.has(rowOf(station))) out.push(["jq_setup_mine", {}]);
      if (code === "B" && rowOf(station) === this.frontRow) out.push(["jq_setup_bomb", {}]);
    }
    const seen = new Set();
    return out.filter(([key]) => (seen.has(key) ? false : seen.add(key)));
  }

  /** A random legal set-up: flag on a headquarters, mines behind, bombs off the front row. */
  randomise(random = Math.random) {
    this.placed.clear();
    this.byHand = false;
    const free = new Set(this.stations);
    const pick = (candidates) => {
      const list = candidates.filter((s) => free.has(s));
      const chosen = list[Math.floor(random() * list.length)];
      free.delete(chosen);
      return chosen;
    };
    const put = (code, candidates) => {
      for (let i = 0; i < PIECE_COUNTS[code]; i += 1) this.placed.set(pick(candidates), code);
    };
    put("F", HQ[this.side]);
    put("M", this.stations.filter((s) => this.backRows.has(rowOf(s))));
    put("B", this.stations.filter((s) => rowOf(s) !== this.frontRow));
    for (const code of PIECE_CODES) {
      if (code === "F" || code === "M" || code === "B") continue;
      put(code, this.stations);
    }
  }

  /** The §10.3 set-up string (complete drafts only). */
  text() {
    return setupRows(this.side)
      .map((row) =>
        [...COLUMNS]
          .map((_, c) => {
            const name = stationName(c, row);
            return CAMPS.has(name) ? "+" : this.placed.get(name);
          })
          .join(""),
      )
      .join("/");
  }

  /** Read a set-up string back (the one this seat submitted). */
  load(text) {
    this.placed.clear();
    text.split("/").forEach((group, index) => {
      const row = setupRows(this.side)[index];
      [...group].forEach((code, c) => {
        if (code !== "+") this.placed.set(stationName(c, row), code);
      });
    });
  }

  /** The draft as a plain object (for the draft store): station → code, and `byHand`. */
  toJSON() {
    return { placed: Object.fromEntries(this.placed), byHand: this.byHand };
  }

  /**
   * Take back a stored draft; anything that does not fit this side's tray (a foreign station,
   * an unknown code, more pieces of a kind than the side has) is left out.
   */
  restore(saved) {
    this.placed.clear();
    for (const [station, code] of Object.entries(saved?.placed ?? {})) {
      if (PIECE_CODES.includes(code) && this.isOwn(station) && this.left(code) > 0) this.placed.set(station, code);
    }
    this.byHand = Boolean(saved?.byHand) && this.placed.size > 0;
  }

  /** The draft as board pieces. */
  pieces() {
    return [...this.placed].map(([station, piece]) => ({ station, owner: this.side, piece, carrying: false }));
  }
}
