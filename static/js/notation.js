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
  ["rotate", new RegExp(`^(${SQUARE})>(${DIR})$`)],
  ["shoot", new RegExp(`^(${SQUARE})x(${SQUARE})$`)],
  ["fence", new RegExp(`^(${SQUARE})#(${EDGE})$`)],
  ["reinforce", new RegExp(`^reinforce ([IAC]) (${SQUARE}) (${DIR})$`)],
];

/**
 * Parse one decision text into `{type, text, from?, to?, edge?, kind?, direction?, card?,
 * intrude?, hand?, deck?}`; unknown forms (including masked ones such as `play ?`) give
 * `{type: "other", text}`.
 */
export function parseDecision(text) {
  for (const [type, pattern] of PATTERNS) {
    const m = pattern.exec(text);
    if (!m) continue;
    switch (type) {
      case "deploy":
      case "reinforce":
        return { type, text, kind: m[1], to: m[2], direction: m[3] };
      case "deploy_fence":
        return { type, text, edge: m[1] };
      case "general":
        return { type, text, to: m[1] };
      case "cards":
        return { type, text, hand: m[1].split(","), deck: m[2].split(",") };
      case "play":
        return { type, text, card: m[1] };
      case "move":
        return { type, text, from: m[1], to: m[2], intrude: m[3] === "+" };
      case "select":
        return { type, text, from: m[1], direction: m[2] };
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
