/**
 * Cards that could not be executed (RULES.md §6.7, ruling P11 of docs/rulings.md).
 *
 * Every engine view carries `skipped`: the queued cards the automatic steps after the last
 * decision skipped, each `{side, card, slot, face_up}`. `card` is null for the opponent's
 * face-down card (a skipped card is not executed, so it stays secret); the line then names it
 * as a face-down card. The record viewer writes these lines under the decision that led to
 * them; the live board shows the latest ones in a status line of their own.
 */

import { cardName, html } from "./board.js";
import { t } from "./i18n.js";

/** One skipped card as a sentence: "Skipped: Red's Fence (1st) could not be executed". */
export function skippedLabel(skip) {
  const card = skip.card ? cardName(skip.card) : t("skipped_face_down");
  const slot = skip.slot === "swift" ? t("swift") : t("slot_1");
  return t("skipped_card", { side: t(`side_${skip.side}`), card, slot });
}

/** The lines of `skipped` (a view's list), one paragraph each, for a move list entry. */
export function skippedLines(skipped) {
  return (skipped ?? []).map((skip) =>
    html("p", { class: "muted small", dataset: { skipped: skip.side } }, skippedLabel(skip)),
  );
}

/** Show the cards skipped since the last decision in `element` (hidden when there are none). */
export function showSkipped(element, skipped) {
  if (!element) return;
  const lines = (skipped ?? []).map(skippedLabel);
  element.textContent = lines.join(" ");
  element.hidden = lines.length === 0;
}
