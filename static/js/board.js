/**
 * The game renderer: an SVG board and the two players' panels, drawn from one engine view.
 *
 * Input is always the JSON that `engine.observe(state, viewer)` produced on the server (the
 * record viewer and the live board use this same module). A view never holds the opponent's
 * secrets: the opponent's hand, deck, face-down queue cards and general are `null` there, so
 * this module shows them as card backs, counts and "?" and cannot reveal more.
 *
 * Coordinates (docs/notation.md): columns a–g from Red's left, rows 1–7 from Red's back row.
 * Red is drawn at the bottom unless `bottom: "blue"` flips the board for Blue's seat.
 */

import { t, uiConfig } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const FILES = "abcdefg";
const CELL = 60;
const MARGIN = 26;
const SIZE = 7 * CELL + 2 * MARGIN;
const PIECE_NAMES = { I: "infantry", A: "archer", C: "cavalry" };
const DIRECTIONS = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
const DIRECTION_ANGLES = { N: 0, E: 90, S: 180, W: 270 };
export const CARD_CODES = ["MV", "RS", "FN", "RF"];
/** The expansion cards (docs/expansion.md): 六韜 1–6, then the 三略 promo cards. */
export const EXPANSION_CODES = ["RM", "SB", "RC", "RR", "LI", "SC", "RP", "SW", "LS"];
/** Canonical card order (the engine's CARD_ORDER): basic cards, then the expansion cards. */
export const CARD_ORDER = Object.fromEntries([...CARD_CODES, ...EXPANSION_CODES].map((code, i) => [code, i]));
const LP_MAX = 18;
const QUEUE_SLOTS = 4;

// ------------------------------------------------------------------ coordinates

/** `[file, rank]`, both 0–6, of a square name such as "c2". */
export function parseSquare(name) {
  return [FILES.indexOf(name[0]), Number(name.slice(1)) - 1];
}

export function squareName(file, rank) {
  return `${FILES[file]}${rank + 1}`;
}

/** The square one step from `name` towards `direction`, or null off the board. */
export function stepSquare(name, direction) {
  const [file, rank] = parseSquare(name);
  const [df, dr] = DIRECTIONS[direction];
  const f = file + df;
  const r = rank + dr;
  return f >= 0 && f < 7 && r >= 0 && r < 7 ? squareName(f, r) : null;
}

/** The direction and distance from square `a` to square `b` along a line, or null. */
export function directionBetween(a, b) {
  const [fa, ra] = parseSquare(a);
  const [fb, rb] = parseSquare(b);
  if (fa === fb && rb !== ra) return [rb > ra ? "N" : "S", Math.abs(rb - ra)];
  if (ra === rb && fb !== fa) return [fb > fa ? "E" : "W", Math.abs(fb - fa)];
  return null;
}

/** A geometry helper bound to the orientation of one drawing. */
function orientation(flipped) {
  return {
    /** Top-left pixel of a square's cell. */
    cell(name) {
      const [file, rank] = parseSquare(name);
      const col = flipped ? 6 - file : file;
      const row = flipped ? rank : 6 - rank;
      return [MARGIN + col * CELL, MARGIN + row * CELL];
    },
    centre(name) {
      const [x, y] = this.cell(name);
      return [x + CELL / 2, y + CELL / 2];
    },
    /** Screen angle (degrees clockwise from up) of an absolute direction. */
    angle(direction) {
      return (DIRECTION_ANGLES[direction] + (flipped ? 180 : 0)) % 360;
    },
    /** Pixel end points of an edge such as "c2N" (docs/notation.md, "Edges"). */
    edge(edgeName) {
      const square = edgeName.slice(0, -1);
      const side = edgeName.slice(-1);
      const [file, rank] = parseSquare(square);
      const corners = {
        N: [[file, rank + 1], [file + 1, rank + 1]],
        S: [[file, rank], [file + 1, rank]],
        E: [[file + 1, rank], [file + 1, rank + 1]],
        W: [[file, rank], [file, rank + 1]],
      }[side];
      return corners.map(([cx, cy]) => {
        const col = flipped ? 7 - cx : cx;
        const row = flipped ? cy : 7 - cy;
        return [MARGIN + col * CELL, MARGIN + row * CELL];
      });
    },
  };
}

// ----------------------------------------------------------------------- helpers

function svg(tag, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) element.setAttribute(key, String(value));
  }
  if (parent) parent.append(element);
  return element;
}

function html(tag, attributes = {}, ...children) {
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

function title(parent, text) {
  svg("title", {}, parent).textContent = text;
}

export function otherSide(side) {
  return side === "red" ? "blue" : "red";
}

/**
 * The short mark of a piece kind ("I", "A", "C") or of the general ("G") drawn on pieces:
 * the kanji of the physical pieces in Japanese (歩 弓 騎 将), a short word in English.
 */
export function glyph(kind) {
  return t(`glyph_${kind}`);
}

/** The translated name of a card code ("MV" → 移動 / Move). */
export function cardName(code) {
  return t(`card_${code}`);
}

/** A card's name with a break opportunity after "/" (long names in narrow queue slots). */
function breakableName(code) {
  return cardName(code).replace("/", "/\u200b");
}

/** "1 card", "3 cards". */
function cardCount(n) {
  return n === 1 ? t("card_count_one") : t("cards_count", { n });
}

/** A name with a long word ("Reinforcement", "Crossbow"): set smaller in narrow queue slots. */
function isLongName(label) {
  return label.split(/[\s/]+/).some((word) => word.length > 7);
}

/** A card as a small chip; `code` null draws the back of a card nobody may see. */
export function cardChip(code, { faceDown = false, action = null } = {}) {
  if (code === null || code === undefined) {
    return html("span", { class: "card-chip card-chip--back", title: t("card_back") }, "");
  }
  const label = cardName(code);
  return html(
    "span",
    {
      class: `card-chip card-chip--${code}${faceDown ? " card-chip--down" : ""}${isLongName(label) ? " card-chip--long" : ""}`,
      title: faceDown ? `${label} (${t("face_down")})` : label,
      dataset: action ? { action } : undefined,
    },
    breakableName(code),
  );
}

/** Describe a piece for tooltips and screen readers. */
export function pieceLabel(piece) {
  const parts = [
    t(`side_${piece.owner}`),
    t(`piece_${PIECE_NAMES[piece.kind]}`),
    piece.letter,
    t("facing", { direction: t(`dir_${piece.facing}`) }),
  ];
  if (piece.shield) parts.push(t("with_shield"));
  if (piece.general) parts.push(t("general"));
  return parts.join(" · ");
}

// ------------------------------------------------------------------------- board

/**
 * Draw the board of `view` into a new `<svg>` and return it.
 *
 * options:
 *   bottom       "red" (default) or "blue": whose back row is drawn at the bottom
 *   marks        squares to tint (e.g. the last move)
 *   interaction  { selectable: Set, selected, targets: Map(square → kind),
 *                  edges: Map(edge → kind), onSquare(square), onEdge(edge) }
 */
export function renderBoard(view, options = {}) {
  const bottom = options.bottom ?? "red";
  const flipped = bottom === "blue";
  const geo = orientation(flipped);
  const interaction = options.interaction ?? {};
  const { geometry } = uiConfig();

  const root = svg("svg", {
    class: "board",
    viewBox: `0 0 ${SIZE} ${SIZE}`,
    role: "img",
    "aria-label": t("board_label"),
    "data-bottom": bottom,
  });
  title(root, t("board_label"));

  svg("rect", { class: "board__frame", x: 0, y: 0, width: SIZE, height: SIZE, rx: 10 }, root);

  // Squares: camps tinted in their owner's colour, intrusion squares crossed.
  const squares = svg("g", { class: "board__squares" }, root);
  const campOf = {};
  for (const side of ["red", "blue"]) {
    for (const name of geometry?.camps?.[side] ?? []) campOf[name] = side;
  }
  const intrusionOf = {};
  for (const side of ["red", "blue"]) {
    for (const name of geometry?.intrusion?.[side] ?? []) intrusionOf[name] = side;
  }
  const marks = new Set(options.marks ?? []);
  for (let rank = 0; rank < 7; rank += 1) {
    for (let file = 0; file < 7; file += 1) {
      const name = squareName(file, rank);
      const [x, y] = geo.cell(name);
      const classes = ["sq"];
      if (campOf[name]) classes.push(`sq--camp-${campOf[name]}`);
      if ((file + rank) % 2 === 1) classes.push("sq--alt");
      if (marks.has(name)) classes.push("sq--mark");
      const target = interaction.targets?.get(name);
      if (target) classes.push("sq--target", `sq--target-${target}`);
      if (interaction.selectable?.has(name)) classes.push("sq--selectable");
      if (interaction.selected === name) classes.push("sq--selected");
      const rect = svg(
        "rect",
        { class: classes.join(" "), x, y, width: CELL, height: CELL, "data-square": name },
        squares,
      );
      if (intrusionOf[name]) {
        const inset = 12;
        const cross = svg("g", { class: `sq__cross sq__cross--${intrusionOf[name]}` }, squares);
        svg("line", { x1: x + inset, y1: y + inset, x2: x + CELL - inset, y2: y + CELL - inset }, cross);
        svg("line", { x1: x + CELL - inset, y1: y + inset, x2: x + inset, y2: y + CELL - inset }, cross);
        title(rect, t("intrusion_square", { square: name, side: t(`side_${intrusionOf[name]}`) }));
      } else {
        title(rect, name);
      }
    }
  }

  // Coordinates: files along the bottom, ranks along the left side.
  const coords = svg("g", { class: "board__coords", "aria-hidden": "true" }, root);
  for (let i = 0; i < 7; i += 1) {
    const file = flipped ? 6 - i : i;
    const rank = flipped ? i : 6 - i;
    svg("text", { x: MARGIN + i * CELL + CELL / 2, y: SIZE - 8 }, coords).textContent = FILES[file];
    svg("text", { x: MARGIN / 2, y: MARGIN + i * CELL + CELL / 2 + 5 }, coords).textContent = String(
      rank + 1,
    );
  }

  // Fences on edges, in their owner's colour.
  const fences = svg("g", { class: "board__fences" }, root);
  for (const side of ["red", "blue"]) {
    for (const edge of view.sides[side].fences) {
      const [[x1, y1], [x2, y2]] = geo.edge(edge);
      const line = svg("line", { class: `fence fence--${side}`, x1, y1, x2, y2, "data-fence": edge }, fences);
      title(line, t("fence_of", { side: t(`side_${side}`), edge }));
    }
  }

  // Pieces.
  const pieces = svg("g", { class: "board__pieces" }, root);
  for (const piece of view.board) drawPiece(pieces, piece, geo, interaction);

  // Target markers (moves, shots, placements) on top of pieces.
  if (interaction.targets) {
    const markers = svg("g", { class: "board__targets", "aria-hidden": "true" }, root);
    for (const [name, kind] of interaction.targets) {
      if (kind === "place") continue; // the square's tint says it
      const [cx, cy] = geo.centre(name);
      svg("circle", { class: `target-marker target-marker--${kind}`, cx, cy, r: kind === "move" ? 9 : 25 }, markers);
    }
  }

  // Clickable edges (fence placement) above everything else.
  if (interaction.edges) {
    const edges = svg("g", { class: "board__edges" }, root);
    for (const [edge, kind] of interaction.edges) {
      const [[x1, y1], [x2, y2]] = geo.edge(edge);
      svg("line", { class: `edge-option edge-option--${kind}`, x1, y1, x2, y2 }, edges);
      const hit = svg("line", { class: "edge-hit", x1, y1, x2, y2, "data-edge": edge, tabindex: -1 }, edges);
      title(hit, t("place_fence_on", { edge }));
    }
  }

  root.addEventListener("click", (event) => {
    const edge = event.target.closest?.("[data-edge]");
    if (edge && interaction.onEdge) {
      interaction.onEdge(edge.getAttribute("data-edge"));
      return;
    }
    const square = event.target.closest?.("[data-square]");
    if (square && interaction.onSquare) interaction.onSquare(square.getAttribute("data-square"));
  });
  return root;
}

function drawPiece(parent, piece, geo, interaction) {
  const [cx, cy] = geo.centre(piece.square);
  const classes = [`piece`, `piece--${piece.owner}`, `piece--${piece.kind}`];
  if (piece.shield) classes.push("piece--shield");
  if (piece.general) classes.push("piece--general");
  if (interaction.selected === piece.square) classes.push("piece--selected");
  const group = svg(
    "g",
    { class: classes.join(" "), transform: `translate(${cx} ${cy})`, "data-piece": piece.square },
    parent,
  );
  title(group, `${piece.square}: ${pieceLabel(piece)}`);
  if (piece.shield) svg("circle", { class: "piece__shield", r: 25 }, group);
  // The facing notch: a triangle on the rim pointing the way the piece faces.
  svg(
    "path",
    { class: "piece__facing", d: "M -9 -17 L 0 -28 L 9 -17 Z", transform: `rotate(${geo.angle(piece.facing)})` },
    group,
  );
  svg("circle", { class: "piece__body", r: 19 }, group);
  const mark = glyph(piece.kind);
  const glyphClass = mark.length > 1 ? "piece__glyph piece__glyph--word" : "piece__glyph";
  svg("text", { class: glyphClass, y: mark.length > 1 ? 5 : 7 }, group).textContent = mark;
  svg("circle", { class: "piece__letter-bg", cx: 16, cy: 16, r: 8.5 }, group);
  svg("text", { class: "piece__letter", x: 16, y: 20 }, group).textContent = piece.letter;
  if (piece.general) {
    const badge = svg("g", { class: "piece__general-badge", transform: "translate(-16 -16)" }, group);
    svg("circle", { r: 8 }, badge);
    svg("text", { y: 4 }, badge).textContent = glyph("G");
  }
}

// ------------------------------------------------------------------------ panels

/** LP track 0–18 with the current value marked. */
function lpTrack(side, lp) {
  const track = html("ol", { class: `lp-track lp-track--${side}`, "aria-label": t("lp_track") });
  for (let value = 0; value <= LP_MAX; value += 1) {
    track.append(
      html("li", { class: value === lp ? "lp-track__cell is-current" : "lp-track__cell", "aria-hidden": value === lp ? null : "true" }, value === lp || value % 6 === 0 ? String(value) : ""),
    );
  }
  return track;
}

function intrudedPiece(piece, owner) {
  const label = `${t(`piece_${PIECE_NAMES[piece.kind]}`)} ${piece.letter}${piece.shield ? ` · ${t("with_shield")}` : ""}`;
  return html(
    "span",
    { class: `mini-piece mini-piece--${owner}${piece.shield ? " mini-piece--shield" : ""}`, title: label },
    glyph(piece.kind),
    html("small", {}, piece.letter),
  );
}

function row(label, ...content) {
  return html("div", { class: "panel-row" }, html("span", { class: "panel-row__label" }, label), html("div", { class: "panel-row__content" }, ...content));
}

/** One player's panel: name, LP, hand, deck, queue, fences, intrusion area, general. */
export function renderSidePanel(view, side, options = {}) {
  const own = view.sides[side];
  const names = options.names ?? {};
  const isViewer = view.viewer === side;
  const panel = html("section", {
    class: `side-panel side-panel--${side}${view.to_act === side ? " is-to-act" : ""}`,
    "data-side": side,
    "aria-label": t("panel_of", { side: t(`side_${side}`) }),
  });

  const heading = html(
    "header",
    { class: "side-panel__head" },
    html("span", { class: `seat-dot seat-dot--${side}`, "aria-hidden": "true" }),
    html("strong", { class: "side-panel__name" }, names[side] || t(`side_${side}`)),
    html("span", { class: "side-panel__seat" }, t(`side_${side}`)),
    isViewer ? html("span", { class: "badge" }, t("you")) : null,
    view.to_act === side ? html("span", { class: "badge badge--act" }, t("to_act")) : null,
    html("span", { class: "side-panel__lp", title: t("lp_long") }, t("lp_value", { lp: own.lp })),
  );
  panel.append(heading, lpTrack(side, own.lp));
  if (options.clock) panel.append(options.clock);

  // Hand: the owner sees the cards, anyone else the number of backs.
  const hand =
    own.hand !== null
      ? own.hand.map((code) => cardChip(code))
      : Array.from({ length: own.hand_count }, () => cardChip(null));
  panel.append(row(t("hand"), hand.length ? hand : html("span", { class: "muted" }, t("none"))));

  // Deck: order visible to its owner only (top first).
  if (own.deck !== null) {
    const list = html("ol", { class: "deck-list", "aria-label": t("deck_top_first") });
    own.deck.forEach((code) => list.append(html("li", {}, cardChip(code))));
    panel.append(row(t("deck"), own.deck.length ? list : html("span", { class: "muted" }, t("none")), html("span", { class: "muted small" }, t("top_first"))));
  } else {
    panel.append(row(t("deck"), html("span", { class: "deck-count" }, own.deck_count ? cardChip(null) : null, cardCount(own.deck_count))));
  }

  // Queue: the 疾風伝令 slot, then 1st–4th. Face-down cards are backs unless the view shows them.
  const queue = html("ol", { class: "queue", "aria-label": t("queue") });
  const swift = own.swift;
  queue.append(
    html(
      "li",
      { class: `queue__slot queue__slot--swift${swift ? " is-filled" : ""}`, title: t("swift_long") },
      html("span", { class: "queue__label" }, t("swift")),
      swift ? queuedCard(swift) : html("span", { class: "queue__empty" }, "—"),
    ),
  );
  for (let i = 0; i < QUEUE_SLOTS; i += 1) {
    const card = own.queue[i];
    queue.append(
      html(
        "li",
        { class: `queue__slot${card ? " is-filled" : ""}` },
        html("span", { class: "queue__label" }, t(`slot_${i + 1}`)),
        card ? queuedCard(card) : html("span", { class: "queue__empty" }, "—"),
      ),
    );
  }
  panel.append(
    row(t("queue"), queue, html("span", { class: "muted small" }, t(own.next_face_up ? "next_face_up" : "next_face_down"))),
  );

  // Fences in hand, intrusion area with points, general.
  panel.append(row(t("fences"), html("span", {}, t("fences_in_hand", { n: own.fences_in_hand }))));
  const intruded = own.intruded.map((piece) => intrudedPiece(piece, side));
  panel.append(
    row(
      t("intrusion"),
      intruded.length ? intruded : html("span", { class: "muted" }, t("none")),
      html("span", { class: "intrusion-points", title: t("intrusion_points_long") }, t("intrusion_points", { n: own.intrusion_points })),
    ),
  );
  let general;
  if (own.general) {
    general = own.general_square
      ? t("general_at", { letter: own.general, square: own.general_square })
      : t("general_captured_letter", { letter: own.general });
  } else {
    general = own.general_chosen ? t("general_hidden") : t("general_not_chosen");
  }
  panel.append(row(t("general"), html("span", {}, general)));
  if (own.expansion) panel.append(...expansionRows(own.expansion, side, view));
  return panel;
}

/** Cards of a list the viewer may see, or `count` backs when the list is hidden (null). */
function chips(cards, count) {
  if (cards === null || cards === undefined) return Array.from({ length: count }, () => cardChip(null));
  return cards.map((code) => cardChip(code));
}

/**
 * The expansion formats' part of a side (docs/expansion.md): its prepared expansion cards
 * (軍師の閃き; backs when secret), the cards it removed by the exchange, a 連環の計 waiting
 * beside the board, what scouting found out about its general, and its own deck in a
 * deck-build game before set-up (a secret deck is a row of backs for the opponent).
 */
function expansionRows(ex, side, view) {
  const rows = [];
  const isViewer = view.viewer === side;
  if (ex.beside.length) {
    rows.push(
      html(
        "div",
        { class: "panel-row panel-row--beside", dataset: { beside: ex.beside.join(",") } },
        html("span", { class: "panel-row__label" }, t("beside_board")),
        html(
          "div",
          { class: "panel-row__content beside" },
          ex.beside.map((code) => html("span", { class: "beside__card", title: t("beside_waiting", { card: cardName(code) }) }, cardChip(code))),
        ),
      ),
    );
  }
  if (ex.prepared_count || ex.exchange_done || ex.prepared?.length) {
    const prepared = chips(ex.prepared, ex.prepared_count);
    rows.push(
      row(
        t("prepared_cards"),
        html("span", { class: "prepared", dataset: { count: String(ex.prepared_count) } }, prepared.length ? prepared : html("span", { class: "muted" }, t("none"))),
        ex.exchange_done ? html("span", { class: "badge" }, t("exchange_done")) : null,
      ),
    );
  }
  if (ex.removed_count) rows.push(row(t("removed_cards"), chips(ex.removed, ex.removed_count)));
  if (ex.general_revealed) rows.push(row(t("scout_title"), html("span", {}, t("general_revealed"))));
  else if (ex.not_general.length) {
    rows.push(row(t("scout_title"), html("span", {}, t("not_general", { letters: ex.not_general.join(", ") }))));
  }
  const beforeDecks = ["draft", "prepare", "deployment"].includes(view.phase);
  if (beforeDecks && view.expansion?.format.variant === "deck_build") {
    if (ex.cards?.length) rows.push(row(t("own_cards"), chips(ex.cards, ex.cards.length)));
    else if (ex.cards === null && !isViewer && view.phase !== "draft") rows.push(row(t("own_cards"), chips(null, 7)));
  }
  return rows;
}

function queuedCard(entry) {
  // `card` is null for a face-down card the viewer may not see.
  return cardChip(entry.card, { faceDown: !entry.face_up });
}

/** The status line: phase, turn, who acts, the card being executed, the shared stock. */
export function renderStatus(view) {
  const status = html("section", { class: "game-status", "aria-label": t("status") });
  const bits = [t(`phase_${view.phase}`)];
  if (view.phase === "war" || view.phase === "over") bits.push(t("turn_n", { n: view.turn }));
  bits.push(t("ply_n", { n: view.ply }));
  status.append(html("p", { class: "game-status__phase" }, bits.join(" · ")));
  if (view.to_act) {
    status.append(html("p", { class: `game-status__act game-status__act--${view.to_act}` }, t("side_to_act", { side: t(`side_${view.to_act}`) })));
  }
  if (view.expansion?.untimed) {
    status.append(html("p", { class: "game-status__untimed", role: "status" }, t("clocks_stopped")));
  }
  if (view.execution) {
    const ex = view.execution;
    const slot = ex.slot === "swift" ? t("swift") : t("slot_1");
    let text = t("executing", { card: cardName(ex.card), slot });
    if (ex.leader) text += ` · ${t("leader_at", { square: ex.leader })}`;
    if (ex.partners.length) text += ` · ${t("partners_at", { squares: ex.partners.join(" ") })}`;
    status.append(html("p", { class: "game-status__execution" }, text));
  }
  if (view.outcome) {
    const winner = view.outcome.winner ? t(`side_${view.outcome.winner}`) : t("no_winner");
    status.append(html("p", { class: "game-status__outcome" }, t("outcome_line", { winner, method: t(`termination_${view.outcome.termination}`) })));
  }
  const stock = view.stock;
  status.append(
    html(
      "p",
      { class: "game-status__stock" },
      html("span", { class: "muted" }, `${t("stock")}: `),
      html("span", { title: t("piece_infantry") }, `${glyph("I")} ${stock.I}`),
      " · ",
      html("span", { title: t("piece_archer") }, `${glyph("A")} ${stock.A}`),
      " · ",
      html("span", { title: t("piece_cavalry") }, `${glyph("C")} ${stock.C}`),
      " · ",
      html("span", {}, `${t("shields")} ${stock.shields}`),
    ),
  );
  return status;
}

/**
 * The remaining pool of a shared deck-build draft: one colour's set (basic deck plus the
 * expansion cards in play) less the free Move of the base procedure and the picks so far.
 */
export function draftPool(view) {
  const fmt = view.expansion.format;
  const pool = new Map([["MV", 3], ["RS", 2], ["FN", 1], ["RF", 1]]);
  for (const code of EXPANSION_CODES.slice(0, fmt.promos ? 9 : 6)) pool.set(code, 1);
  if (fmt.deck_option === "base") pool.set("MV", pool.get("MV") - 1);
  for (const code of view.expansion.draft) pool.set(code, pool.get(code) - 1);
  return pool;
}

/**
 * The untimed set-up segments (deck-build draft, expansion-card preparation) as a panel beside
 * the board: for a shared draft the pool with counts, the picks so far and whose pick it is;
 * for the others who is choosing. The choices themselves are in the action panel.
 */
export function renderSetupSegment(view) {
  const section = html("section", { class: "setup-segment", "aria-label": t(`phase_${view.phase}`), dataset: { phase: view.phase } });
  section.append(html("h2", { class: "setup-segment__title" }, t(view.phase === "draft" ? "draft_title" : "prepare_title")));
  section.append(html("p", { class: "setup-segment__clocks" }, t("clocks_stopped")));
  const fmt = view.expansion.format;
  if (view.phase === "draft" && fmt.deck_option !== "secret") {
    section.append(html("p", { class: "muted small" }, t("draft_help")));
    const pool = draftPool(view);
    const poolList = html("ul", { class: "draft-pool", "aria-label": t("draft_pool") });
    for (const [code, n] of pool) {
      poolList.append(
        html("li", { class: `draft-pool__item${n ? "" : " is-empty"}`, dataset: { card: code, count: String(n) } }, cardChip(code), html("span", { class: "draft-pool__count" }, `×${n}`)),
      );
    }
    const picks = html("ol", { class: "draft-picks", "aria-label": t("draft_picks") });
    if (fmt.deck_option === "base") {
      picks.append(html("li", { class: "draft-picks__free", title: t("draft_free_move") }, cardChip("MV")));
    }
    view.expansion.draft.forEach((code, i) => {
      const by = (fmt.deck_option === "no_free_move") === (i % 2 === 0) ? "blue" : "red";
      picks.append(html("li", { class: `draft-picks__item draft-picks__item--${by}`, title: t(`side_${by}`) }, html("span", { class: `seat-dot seat-dot--${by}`, "aria-hidden": "true" }), cardChip(code)));
    });
    const total = fmt.deck_option === "base" ? 6 : 7;
    section.append(
      html("h3", {}, t("draft_pool")),
      poolList,
      html("h3", {}, t("draft_picks"), " ", html("span", { class: "muted small" }, t("draft_left", { n: total - view.expansion.draft.length }))),
      picks,
    );
  }
  if (view.to_act) {
    let key = "prepare_waiting";
    if (view.phase === "draft") key = fmt.deck_option === "secret" ? "deck_waiting" : "draft_to_pick";
    section.append(html("p", { class: `setup-segment__turn setup-segment__turn--${view.to_act}` }, html("span", { class: `seat-dot seat-dot--${view.to_act}`, "aria-hidden": "true" }), " ", t(key, { side: t(`side_${view.to_act}`) })));
  }
  return section;
}

/** The legend of glyphs and marks (always shown under the board). */
export function renderLegend() {
  const item = (mark, label, cls = "") => html("li", {}, html("span", { class: `legend__glyph ${cls}`, "aria-hidden": "true" }, mark), label);
  return html(
    "section",
    { class: "legend", "aria-label": t("legend") },
    html(
      "ul",
      {},
      item(glyph("I"), t("piece_infantry")),
      item(glyph("A"), t("piece_archer")),
      item(glyph("C"), t("piece_cavalry")),
      item("◯", t("legend_shield"), "legend__glyph--shield"),
      item("▲", t("legend_facing")),
      item(glyph("G"), t("legend_general"), "legend__glyph--general"),
      item("━", t("legend_fence")),
      item("✕", t("legend_intrusion")),
    ),
  );
}

/**
 * Render the whole game (board, both panels, status) into `root`, replacing its content.
 *
 * options: bottom, names, marks, interaction (see renderBoard), clocks: {red, blue} elements
 * placed in the panels, extra: an element placed after the status (e.g. the action builder),
 * pinned: elements of the page that belong in the game's grid and stay where they are across
 * redraws (clocks, the typed-decision field, the move list: never detached, so a focused
 * field keeps its focus and a running animation its phase).
 */
export function renderGame(root, view, options = {}) {
  const bottom = options.bottom ?? "red";
  const top = otherSide(bottom);
  const clocks = options.clocks ?? {};
  const pinned = new Set(options.pinned ?? []);
  const board = html("div", { class: "game__board" }, renderBoard(view, options), renderLegend());
  const topPanel = renderSidePanel(view, top, { names: options.names, clock: clocks[top] });
  const bottomPanel = renderSidePanel(view, bottom, { names: options.names, clock: clocks[bottom] });
  topPanel.classList.add("game__panel-top");
  bottomPanel.classList.add("game__panel-bottom");
  const status = renderStatus(view);
  status.classList.add("game__status");
  const drawn = [topPanel, board, bottomPanel, status];
  if (view.phase === "draft" || view.phase === "prepare") {
    const setup = renderSetupSegment(view);
    setup.classList.add("game__setup");
    drawn.push(setup);
  }
  if (options.extra) {
    options.extra.classList.add("game__extra");
    drawn.push(options.extra);
  }
  for (const child of [...root.children]) if (!pinned.has(child)) child.remove();
  for (const element of pinned) if (element.parentNode !== root) root.append(element);
  root.append(...drawn);
  root.classList.add("game");
}

export { html, svg };
