/**
 * The 軍棋 board (RULES.md §2) drawn as SVG from a view (junqi/observation.py `observe`).
 *
 * 5 columns a–e by 12 rows; Red holds rows 1–6, Blue rows 7–12. Stations are posts, camps
 * (行営, drawn as circles) and headquarters (大本営, drawn as brackets); railway lines (§2.4.1)
 * are thick double lines, roads thin ones; between b6/b7 and d6/d7 stand the mountains (山界),
 * with no connection. The seat's own side is at the bottom: Blue sees the board turned round.
 *
 * Pieces: the viewer's own pieces (and every piece once the view shows ranks) carry their rank's
 * glyph and short name; an enemy piece whose rank the viewer may not know is a blank back
 * (`data-piece="?"`, no text at all: the rank never reached the page).
 */

import { t } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";
export const COLUMNS = "abcde";
const MARGIN_X = 50;
const MARGIN_Y = 40;
const DX = 70;
const DY = 44;
const GAP = 44; // the front line between rows 6 and 7
const PIECE_W = 54;
const PIECE_H = 32;
export const WIDTH = MARGIN_X * 2 + DX * 4;
export const HEIGHT = MARGIN_Y * 2 + DY * 11 + GAP;

/** The rank glyphs of §1.2 (one character each), by piece code (§10.2). */
export const GLYPHS = { 9: "司", 8: "軍", 7: "師", 6: "旅", 5: "団", 4: "営", 3: "連", 2: "排", 1: "兵", B: "弾", M: "雷", F: "旗" };
/** Piece codes, strongest first, with how many of each a side has (§1.2). */
export const PIECE_CODES = ["9", "8", "7", "6", "5", "4", "3", "2", "1", "B", "M", "F"];
export const PIECE_COUNTS = { 9: 1, 8: 1, 7: 2, 6: 2, 5: 2, 4: 2, 3: 3, 2: 3, 1: 3, B: 2, M: 3, F: 1 };

export const HQ = { red: ["b1", "d1"], blue: ["b12", "d12"] };
export const CAMPS = new Set(["b3", "d3", "c4", "b5", "d5", "b10", "d10", "c9", "b8", "d8"]);

export function stationName(column, row) {
  return `${COLUMNS[column]}${row}`;
}

export function parseStation(name) {
  return [COLUMNS.indexOf(name[0]), Number(name.slice(1))];
}

export function stationKind(name) {
  if (HQ.red.includes(name) || HQ.blue.includes(name)) return "hq";
  if (CAMPS.has(name)) return "camp";
  return "post";
}

/** The connections of §2.4: [a, b, "rail" | "road"], each once. */
export function connections() {
  const out = [];
  const seen = new Set();
  const add = (a, b, kind) => {
    const key = [a, b].sort().join("-");
    if (seen.has(key)) return;
    seen.add(key);
    out.push([a, b, kind]);
  };
  const rail = (c, r) => [2, 6, 7, 11].includes(r) || ((c === 0 || c === 4) && r >= 2 && r <= 11);
  for (let r = 1; r <= 12; r += 1) {
    for (let c = 0; c < 5; c += 1) {
      const here = stationName(c, r);
      if (c < 4) add(here, stationName(c + 1, r), [2, 6, 7, 11].includes(r) ? "rail" : "road");
      if (r < 12) {
        const crossing = r === 6;
        if (crossing && (c === 1 || c === 3)) continue; // the mountains
        const railway = (rail(c, r) && rail(c, r + 1) && (c === 0 || c === 4)) || (crossing && c === 2);
        add(here, stationName(c, r + 1), railway ? "rail" : "road");
      }
    }
  }
  for (const camp of CAMPS) {
    const [c, r] = parseStation(camp);
    for (const dc of [-1, 1]) for (const dr of [-1, 1]) add(camp, stationName(c + dc, r + dr), "road");
  }
  return out;
}

const CONNECTIONS = connections();

export function svg(tag, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) element.setAttribute(key, String(value));
  }
  if (parent) parent.append(element);
  return element;
}

export function html(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") element.className = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Pixel centre of a station, Red's back row at the bottom unless `flipped` (Blue's view). */
export function centre(name, flipped) {
  const [c, r] = parseStation(name);
  const col = flipped ? 4 - c : c;
  const index = flipped ? r - 1 : 12 - r; // 0 = top row on screen
  return [MARGIN_X + col * DX, MARGIN_Y + index * DY + (index >= 6 ? GAP : 0)];
}

/** A piece's name in the page language (`?`: an enemy piece). */
export function pieceName(code) {
  return code === "?" ? t("jq_piece_unknown") : t(`jq_piece_${code}`);
}

function drawPiece(parent, [x, y], piece, { selected = false } = {}) {
  const known = piece.piece !== "?";
  const group = svg(
    "g",
    {
      class: `jq-piece jq-piece--${piece.owner}${known ? "" : " jq-piece--back"}${selected ? " is-selected" : ""}`,
      "data-owner": piece.owner,
      "data-piece": piece.piece,
    },
    parent,
  );
  svg("rect", { x: x - PIECE_W / 2, y: y - PIECE_H / 2, width: PIECE_W, height: PIECE_H, rx: 5 }, group);
  if (!known) return group;
  svg("title", {}, group).textContent = pieceName(piece.piece);
  svg("text", { x, y: y - 1, class: "jq-piece__glyph" }, group).textContent = GLYPHS[piece.piece];
  svg("text", { x, y: y + 12, class: "jq-piece__name" }, group).textContent = t(`jq_short_${piece.piece}`);
  if (piece.carrying) svg("circle", { cx: x + PIECE_W / 2 - 6, cy: y - PIECE_H / 2 + 6, r: 4, class: "jq-piece__flag" }, group);
  return group;
}

/**
 * Draw the board into `root`.
 * options: flipped (Blue's view), pieces ([{station, owner, piece}]), selected (a station),
 * targets (stations to highlight), last ([from, to]), own (stations the seat may set up on).
 */
export function renderBoard(root, options) {
  const { flipped = false, pieces = [], selected = null, targets = [], last = null, own = [] } = options;
  const board = svg("svg", {
    class: "jq-board",
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: "img",
    "aria-label": t("jq_board_label"),
    "data-flipped": String(flipped),
  });
  svg("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: "jq-board__ground" }, board);
  // The two halves and the front line between them.
  const [, front] = centre("a6", flipped);
  const [, across] = centre("a7", flipped);
  const midY = (front + across) / 2;
  svg("line", { x1: 8, x2: WIDTH - 8, y1: midY, y2: midY, class: "jq-board__front" }, board);
  for (const [a, b, kind] of CONNECTIONS) {
    const [x1, y1] = centre(a, flipped);
    const [x2, y2] = centre(b, flipped);
    svg("line", { x1, y1, x2, y2, class: `jq-line jq-line--${kind}` }, board);
    if (kind === "rail") svg("line", { x1, y1, x2, y2, class: "jq-line jq-line--rail-inner" }, board);
  }
  for (const column of ["b", "d"]) {
    const [x] = centre(`${column}6`, flipped);
    const mountain = svg("g", { class: "jq-mountain" }, board);
    svg("title", {}, mountain).textContent = t("jq_mountain");
    svg("path", { d: `M${x - 18} ${midY + 9} L${x - 6} ${midY - 9} L${x} ${midY - 2} L${x + 6} ${midY - 11} L${x + 18} ${midY + 9} Z` }, mountain);
  }
  // Coordinates: columns below, rows on the left (absolute, §2.1).
  for (let c = 0; c < 5; c += 1) {
    const [x] = centre(stationName(c, 1), flipped);
    svg("text", { x, y: HEIGHT - 5, class: "jq-board__coord" }, board).textContent = COLUMNS[c];
    svg("text", { x, y: 13, class: "jq-board__coord" }, board).textContent = COLUMNS[c];
  }
  for (let r = 1; r <= 12; r += 1) {
    const [, y] = centre(stationName(0, r), flipped);
    svg("text", { x: 12, y: y + 4, class: "jq-board__coord" }, board).textContent = String(r);
  }
  const byStation = new Map(pieces.map((piece) => [piece.station, piece]));
  const targetSet = new Set(targets);
  const ownSet = new Set(own);
  for (let r = 1; r <= 12; r += 1) {
    for (let c = 0; c < 5; c += 1) {
      const name = stationName(c, r);
      const kind = stationKind(name);
      const [x, y] = centre(name, flipped);
      const classes = ["jq-station", `jq-station--${kind}`];
      if (targetSet.has(name)) classes.push("is-target");
      if (ownSet.has(name)) classes.push("is-own");
      if (last && last.includes(name)) classes.push("is-last");
      const group = svg("g", { class: classes.join(" "), "data-station": name, "data-kind": kind }, board);
      svg("title", {}, group).textContent = t("jq_station_title", { station: name, kind: t(`jq_station_${kind}`) });
      if (kind === "camp") svg("circle", { cx: x, cy: y, r: 19, class: "jq-station__shape" }, group);
      else if (kind === "hq") svg("path", { d: `M${x - 26} ${y + 16} L${x - 26} ${y - 8} Q${x} ${y - 26} ${x + 26} ${y - 8} L${x + 26} ${y + 16} Z`, class: "jq-station__shape" }, group);
      else svg("rect", { x: x - 22, y: y - 13, width: 44, height: 26, rx: 3, class: "jq-station__shape" }, group);
      const piece = byStation.get(name);
      if (piece) drawPiece(group, [x, y], piece, { selected: selected === name });
      else if (selected === name) group.classList.add("is-selected");
      if (targetSet.has(name)) svg("circle", { cx: x, cy: y, r: 7, class: "jq-target" }, group);
    }
  }
  root.replaceChildren(board);
  return board;
}
