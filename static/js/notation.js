/**
 * Reading decisions in notation (docs/notation.md) on the browser side.
 *
 * The server is the only judge of legality: the browser only takes apart the texts the server
 * listed as legal (`view.legal_actions`) to offer them on the board, and the texts of past
 * decisions to mark them.
 */

const SQUARE = "[a-g][1-7]";
const DIR = "[NESW]";
const EDGE = `${SQUARE}${DIR}`;

const PATTERNS = [
  ["deploy", new RegExp(`^deploy ([IAC]) (${SQUARE}) (${DIR})$`)],
  ["deploy_fence", new RegExp(`^deploy fence (${EDGE})$`)],
  ["general", new RegExp(`^general (${SQUARE})$`)],
  ["cards", /^cards ([A-Z,]+) \/ ([A-Z,]+)$/],
  ["play", /^play ([A-Z]{2})$/],
  ["end", /^end$/],
  ["dispatch", /^dispatch$/],
  ["done", /^done$/],
  ["move", new RegExp(`^(${SQUARE})-(${SQUARE})(\\+?)$`)],
  ["select", new RegExp(`^select (${SQUARE}) (${DIR})$`)],
  ["select_shooter", new RegExp(`^select (${SQUARE}) x$`)],
  ["rotate", new RegExp(`^(${SQUARE})>(${DIR})$`)],
  ["shoot", new RegExp(`^(${SQUARE})x(${SQUARE})$`)],
  ["fence", new RegExp(`^(${SQUARE})#(${EDGE})$`)],
  ["reinforce", new RegExp(`^reinforce ([IAC]) (${SQUARE}) (${DIR})$`)],
  // Expansion formats (docs/expansion.md).
  ["pick", /^pick ([A-Z]{2})$/],
  ["deck", /^deck ([A-Z]{2}(?:,[A-Z]{2})*)$/],
  ["prepare", /^prepare ([A-Z]{2}(?:,[A-Z]{2})*)$/],
  ["exchange", /^exchange ([A-Z]{2}) ([A-Z]{2})$/],
  ["keep", /^keep$/],
  ["route", new RegExp(`^route ([IAC]) (${SQUARE}) (${DIR})$`)],
  ["scout_card", /^scout card ([1-4]|swift)$/],
  ["scout_general", new RegExp(`^scout general (${SQUARE})$`)],
  ["swap", new RegExp(`^swap (${SQUARE}) (${SQUARE})$`)],
];

/**
 * Parse one decision text into `{type, text, from?, to?, edge?, kind?, direction?, card?,
 * intrude?, hand?, deck?, cards?, take?, give?, slot?}`; unknown forms (including masked ones
 * such as `play ?` or `exchange ?`) give `{type: "other", text}`.
 *
 * Expansion forms: `pick LI` (card), `deck …` / `prepare …` (cards), `exchange RM MV` (take,
 * give), `keep`, `route I b4 N` (kind, to, direction, like reinforce), `scout card 2` /
 * `scout card swift` (slot: "1".."4" or "swift"), `scout general c5` (to: the asked piece),
 * `swap b2 b3` (from: the lower square, to: the other).
 */
export function parseDecision(text) {
  for (const [type, pattern] of PATTERNS) {
    const m = pattern.exec(text);
    if (!m) continue;
    switch (type) {
      case "deploy":
      case "reinforce":
      case "route":
        return { type, text, kind: m[1], to: m[2], direction: m[3] };
      case "deploy_fence":
        return { type, text, edge: m[1] };
      case "general":
        return { type, text, to: m[1] };
      case "cards":
        return { type, text, hand: m[1].split(","), deck: m[2].split(",") };
      case "play":
      case "pick":
        return { type, text, card: m[1] };
      case "deck":
      case "prepare":
        return { type, text, cards: m[1].split(",") };
      case "exchange":
        return { type, text, take: m[1], give: m[2] };
      case "scout_card":
        return { type, text, slot: m[1] };
      case "scout_general":
        return { type, text, to: m[1] };
      case "swap":
        return { type, text, from: m[1], to: m[2] };
      case "move":
        return { type, text, from: m[1], to: m[2], intrude: m[3] === "+" };
      case "select":
        return { type, text, from: m[1], direction: m[2] };
      case "select_shooter": // the archer leads a shooting chain but waits (ruling Q9)
        return { type, text, from: m[1] };
      case "rotate":
        return { type, text, from: m[1], direction: m[2] };
      case "shoot":
        return { type, text, from: m[1], to: m[2] };
      case "fence":
        return { type, text, from: m[1], edge: m[2] };
      default:
        return { type, text };
    }
  }
  return { type: "other", text };
}

/** The squares a past decision touched, to mark them on the board. */
export function decisionSquares(text) {
  const d = parseDecision(text);
  const squares = [];
  if (d.from) squares.push(d.from);
  if (d.to) squares.push(d.to);
  if (d.edge && !d.from) squares.push(d.edge.slice(0, -1));
  return squares;
}
