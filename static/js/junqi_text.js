/**
 * How 軍棋 decisions and positions read on the page, shared by the live board
 * (junqi_live.js) and the step-through record viewer (junqi_replay.js).
 *
 * A move is written in §10.4 notation: `a6-a7` (a move), `a6xa7>` (an attack and its outcome
 * class `> < = #`), with the ranks `[7:B]` only once they are public (§10.5) and events such
 * as a revealed flag (`F@b1`) after it. Every text comes from the server already masked for
 * the viewer: nothing here can unmask it.
 */

import { t } from "./i18n.js";
import { GLYPHS, html, pieceName } from "./junqi_board.js";

export const MOVE = /^([a-e]\d{1,2})([-x])([a-e]\d{1,2})([<>=#]?)(?:\[([^:\]]+):([^\]]+)\])?(.*)$/;

/** The sentence for past decision `text`, in the page's language. */
export function historyLabel(text) {
  const setup = /^setup (red|blue)/.exec(text);
  if (setup) return t("jq_hist_setup", { side: t(`side_${setup[1]}`) });
  const move = MOVE.exec(text);
  if (move) {
    const words = t(move[2] === "x" ? "jq_hist_attack" : "jq_hist_move", { from: move[1], to: move[3] });
    return move[4] ? `${words} — ${t(`jq_outcome_${move[4]}`)}` : words;
  }
  if (text.startsWith("resign")) return t("jq_term_RESIGN");
  if (text === "offer draw") return t("jq_offer_draw");
  if (text === "accept draw") return t("jq_accept_draw");
  if (text === "decline draw") return t("jq_decline_draw");
  return text;
}

/** The last move of a view's move log, as a MOVE match (null before the first move). */
export function lastMoveOf(game) {
  const moves = game?.moves ?? [];
  for (let i = moves.length - 1; i >= 0; i -= 1) {
    const match = MOVE.exec(moves[i]);
    if (match) return match;
  }
  return null;
}

/** "Last move: a6xa7>" with its combat outcome and a revealed flag, or null. */
export function lastMoveLine(game) {
  const last = lastMoveOf(game);
  if (!last) return null;
  const lines = [html("span", { class: "jq-last__move" }, t("jq_last_move", { move: last[0] }))];
  if (last[4]) lines.push(html("span", { class: "jq-last__outcome", dataset: { outcome: last[4] } }, t(`jq_outcome_${last[4]}`)));
  const reveal = /F@([a-e]\d{1,2})/.exec(last[7] ?? "");
  if (reveal) lines.push(html("span", { class: "jq-last__event" }, t("jq_event_reveal", { station: reveal[1] })));
  return html("p", { class: "jq-last", id: "jq-last" }, ...lines);
}

/** One side's removed pieces: the count, and the ranks when the view may show them. */
export function removedLine(game, side) {
  const info = game.sides[side];
  const pieces = info.removed ? info.removed.map((code) => html("span", { class: `jq-mini jq-mini--${side}`, title: pieceName(code) }, GLYPHS[code])) : [];
  return html(
    "p",
    { class: "jq-removed", dataset: { removed: side, count: String(info.removed_count) } },
    html("span", { class: `seat-dot seat-dot--${side}`, "aria-hidden": "true" }),
    ` ${t(`side_${side}`)} · ${t("jq_removed", { n: info.removed_count })} `,
    ...pieces,
  );
}

/** Both sides' removed pieces under their heading. */
export function removedBox(game) {
  return html("div", { class: "jq-removed-box" }, html("h3", { class: "small" }, t("jq_removed_title")), removedLine(game, "red"), removedLine(game, "blue"));
}
