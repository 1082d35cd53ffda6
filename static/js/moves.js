/**
 * How past decisions read in a move list (the live board and the record viewer).
 *
 * Each entry shows a sentence in the page's language ("c3 → c4", "Place Infantry on c2 facing
 * north", "A card played face down") and, beside it, the decision in the documented notation
 * (docs/notation.md) exactly as the server sent it. Masked decisions (`general ?`, `cards ?`,
 * `play ?`, …) read as secret: the text comes from the server already masked, and nothing here
 * can unmask it.
 */

import { describe } from "./actions.js";
import { cardName, html } from "./board.js";
import { t } from "./i18n.js";
import { parseDecision } from "./notation.js";

const MASKED = {
  "general ?": "hist_general_secret",
  "cards ?": "hist_cards_secret",
  "play ?": "hist_play_secret",
};

/** The sentence for past decision `text`, in the page's language. */
export function decisionLabel(text) {
  if (Object.hasOwn(MASKED, text)) return t(MASKED[text]);
  if (text.endsWith(" ?")) return t("hist_secret");
  const d = parseDecision(text);
  const direction = d.direction ? t(`dir_${d.direction}`) : "";
  switch (d.type) {
    case "move":
      return t(d.intrude ? "hist_move_intrude" : "hist_move", { from: d.from, to: d.to });
    case "select":
      return t("hist_select", { from: d.from, direction });
    case "rotate":
      return t("hist_rotate", { from: d.from, direction });
    case "shoot":
      return t("hist_shoot", { from: d.from, to: d.to });
    case "fence":
      return t("hist_fence", { from: d.from, edge: d.edge });
    case "general":
      return t("hist_general", { square: d.to });
    case "cards":
      return t("hist_cards", { hand: d.hand.map(cardName).join("・"), deck: d.deck.map(cardName).join("・") });
    case "end":
      return t("hist_end");
    case "dispatch":
      return t("hist_dispatch");
    case "done":
      return t("hist_done");
    default:
      return describe(d);
  }
}

/**
 * One move-list entry `{ply, seat, text}` as an `<li data-ply>` holding a button (the lists
 * step to that position when it is clicked).
 */
export function moveListItem(entry) {
  return html(
    "li",
    { class: `move-list__item move-list__item--${entry.seat}`, dataset: { ply: String(entry.ply), text: entry.text } },
    html(
      "button",
      { type: "button", class: "move-list__move" },
      html("span", { class: "move-list__ply" }, `${entry.ply}.`),
      html("span", { class: `seat-dot seat-dot--${entry.seat}`, "aria-hidden": "true" }),
      html("span", { class: "move-list__text" }, decisionLabel(entry.text)),
      html("code", { class: "move-list__code" }, entry.text),
    ),
  );
}

/** The first entry of a move list: the position before any decision. */
export function startListItem() {
  return html(
    "li",
    { class: "move-list__item", dataset: { ply: "0" } },
    html("button", { type: "button", class: "move-list__move" }, html("span", { class: "move-list__text" }, t("start_position"))),
  );
}

/** Scroll `list` (not the page) so that its `item` is in view. */
export function revealInList(list, item) {
  const box = list.getBoundingClientRect();
  const rect = item.getBoundingClientRect();
  if (rect.top < box.top) list.scrollTop -= box.top - rect.top;
  else if (rect.bottom > box.bottom) list.scrollTop += rect.bottom - box.bottom;
}
