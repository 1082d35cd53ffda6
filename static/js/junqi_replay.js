/**
 * The 軍棋 part of the record viewer (replay.js): how one recorded position and one decision
 * of the list are drawn. The positions are the server's views of the finished game for the
 * chosen perspective (matches/views_ui.py `record_viewer_payload`, `junqi.observe` of each
 * position): a seat's perspective shows that seat's ranks and only outcome classes of the
 * other's, the spectator's shows no rank until the last position (§8.4, §8.5).
 */

import { t } from "./i18n.js";
import { html, renderBoard } from "./junqi_board.js";
import { MOVE, historyLabel, lastMoveLine, lastMoveOf, removedBox } from "./junqi_text.js";

/** Draw `view` (the position after `move`, null for the first) into `root`. */
function position(root, view, move, perspective) {
  let board = root.querySelector(".jq-game__board");
  let panel = root.querySelector(".jq-panel");
  if (!board) {
    board = html("div", { class: "jq-game__board", id: "jq-board" });
    panel = html("section", { class: "jq-panel", id: "jq-panel" });
    root.replaceChildren(board, panel);
  }
  const options = { flipped: perspective === "blue", pieces: view.pieces ?? [] };
  const last = move && MOVE.test(move.text) ? lastMoveOf(view) : null;
  if (last) options.last = [last[1], last[3]];
  renderBoard(board, options);
  const parts = [];
  const line = move && MOVE.test(move.text) ? lastMoveLine(view) : null;
  if (line) parts.push(line);
  if (view.phase === "play" || view.phase === "over") parts.push(removedBox(view));
  if (view.outcome) {
    const winner = view.outcome.winner;
    const who = winner ? t("winner_is", { side: t(`side_${winner}`) }) : t("jq_draw");
    const how = t("method_is", { method: t(`jq_term_${view.outcome.termination}`) });
    parts.push(html("p", { class: "jq-replay__result", id: "jq-result" }, `${who} · ${how}`));
  }
  panel.replaceChildren(...parts);
}

/** One decision of the list: its sentence and its text (§10.4, masked for the perspective). */
function listItem(move, views) {
  // A recorded move's text is the decision as sent (a6-a7); the position after it holds the
  // same move in §10.4 notation with its outcome class (a6xa7>), as this perspective saw it.
  const after = views[move.ply];
  const text = MOVE.test(move.text) ? (after?.moves?.at(-1) ?? move.text) : move.text;
  const seat = move.seat ?? /^setup (red|blue)/.exec(text)?.[1] ?? "none";
  return html(
    "li",
    { class: `move-list__item move-list__item--${seat}`, dataset: { ply: String(move.ply), text } },
    html(
      "button",
      { type: "button", class: "move-list__move" },
      html("span", { class: "move-list__ply" }, `${move.ply}.`),
      html("span", { class: `seat-dot seat-dot--${seat}`, "aria-hidden": "true" }),
      html("span", { class: "move-list__text" }, historyLabel(text)),
      html("code", { class: "move-list__code" }, text),
    ),
  );
}

export const junqiReplay = { position, listItem };
