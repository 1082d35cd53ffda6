/**
 * On a phone the open choice of the live board is a sheet fixed to the bottom of the screen
 * (static/css/choice_sheet.css). This keeps the square it belongs to in sight: the page gets
 * room below the board as tall as the sheet, and when the square would sit behind the sheet the
 * page scrolls just enough to show it above. On a wide screen the choice stays in the column
 * beside the board, and the page scrolls that column to it (the board is sticky: it stays put).
 */

const MARGIN = 8; // pixels between the square and the sheet's top edge

let shownFor = null; // the square whose sheet was last brought into place

/** Call after each redraw of the live board drawn into `gameRoot`. */
export function keepChoiceInSight(gameRoot) {
  const sheet = gameRoot.querySelector(".choice--sheet");
  if (!sheet) {
    shownFor = null;
    return;
  }
  const square = gameRoot.querySelector("svg.board .sq--selected");
  const name = square?.getAttribute("data-square") ?? "";
  if (getComputedStyle(sheet).position !== "fixed") {
    // A wide screen: the board stays in place (sticky) while the page scrolls the column.
    if (name !== shownFor) sheet.scrollIntoView({ block: "nearest", behavior: "instant" });
    shownFor = name;
    return;
  }
  const sheetBox = sheet.getBoundingClientRect();
  gameRoot.style.setProperty("--choice-sheet-height", `${Math.ceil(sheetBox.height + MARGIN)}px`);
  if (!square || name === shownFor) return;
  shownFor = name;
  const overlap = square.getBoundingClientRect().bottom + MARGIN - sheetBox.top;
  if (overlap > 0) window.scrollBy({ top: overlap, behavior: "instant" });
}
