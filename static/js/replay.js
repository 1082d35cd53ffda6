/**
 * The record viewer: step through a finished game ply by ply.
 *
 * The server sends every position already computed for the chosen perspective
 * (`engine.observe(state, viewer)` for each ply, matches/views_ui.py `record_viewer_payload`);
 * this script only picks one to draw. Controls: first/previous/next/last buttons, a slider, the
 * arrow/Home/End keys and the decision list; the perspective switch reloads the positions as
 * Red's seat, Blue's seat or a spectator saw them.
 */

import { html, renderGame } from "./board.js";
import { t, uiConfig } from "./i18n.js";
import { moveListItem, revealInList, startListItem } from "./moves.js";
import { junqiReplay } from "./junqi_replay.js";
import { decisionSquares } from "./notation.js";
import { skippedLines } from "./skipped.js";

const config = uiConfig();
const root = document.getElementById("record-viewer");
const gameRoot = document.getElementById("viewer-game");
const moveList = document.getElementById("move-list");
// Absent for a game without decisions (a forfeit): there is nothing to step through.
const slider = root.querySelector("[data-step=slider]");
const position = root.querySelector("[data-step=position]");

let data = null;
let index = 0;
let perspective = config.perspective;

/** How a position and a list entry are drawn: 軍師軍略's board, or another game's. */
const gunshiReplay = {
  position(root, view, move, side) {
    renderGame(root, view, {
      bottom: side === "blue" ? "blue" : "red",
      names: config.players,
      marks: move ? decisionSquares(move.text) : [],
    });
  },
  listItem(move) {
    const item = moveListItem(move);
    item.append(...skippedLines(move.skipped));
    return item;
  },
};
const drawer = config.game === "junqi" ? junqiReplay : gunshiReplay;

function clamp(value) {
  return Math.max(0, Math.min(value, data ? data.views.length - 1 : 0));
}

function render() {
  if (!data) return;
  const view = data.views[index];
  const move = index > 0 ? data.moves[index - 1] : null;
  drawer.position(gameRoot, view, move, perspective);
  if (slider) slider.value = String(index);
  if (position) position.textContent = t("position_n", { n: index, total: data.moves.length });
  root.dataset.ply = String(index);
  for (const item of moveList.children) {
    const current = Number(item.dataset.ply) === index;
    item.classList.toggle("is-current", current);
    if (current) {
      item.firstElementChild.setAttribute("aria-current", "step");
      revealInList(moveList, item);
    } else {
      item.firstElementChild.removeAttribute("aria-current");
    }
  }
  history.replaceState(null, "", `?as=${perspective}#ply-${index}`);
}

function go(target) {
  index = clamp(target);
  render();
}

function buildMoveList() {
  const items = data.moves.map((move) => drawer.listItem(move, data.views));
  moveList.replaceChildren(startListItem(), ...items);
}

async function load(newPerspective) {
  perspective = newPerspective;
  for (const link of root.querySelectorAll("[data-perspective]")) {
    if (link.dataset.perspective === perspective) link.setAttribute("aria-current", "true");
    else link.removeAttribute("aria-current");
  }
  root.setAttribute("aria-busy", "true");
  try {
    const response = await fetch(`${config.views_url}?as=${encodeURIComponent(perspective)}`, {
      headers: { Accept: "application/json" },
    });
    if (!response.ok) throw new Error(String(response.status));
    data = await response.json();
  } catch (error) {
    gameRoot.replaceChildren(html("p", { class: "game__placeholder error" }, t("load_failed")));
    root.removeAttribute("aria-busy");
    return;
  }
  if (slider) slider.max = String(data.views.length - 1);
  buildMoveList();
  index = clamp(index);
  render();
  root.removeAttribute("aria-busy");
  root.dataset.loaded = perspective;
}

root.addEventListener("click", (event) => {
  const button = event.target.closest("[data-step]");
  if (button && button.tagName === "BUTTON") {
    const step = button.dataset.step;
    if (step === "first") go(0);
    else if (step === "prev") go(index - 1);
    else if (step === "next") go(index + 1);
    else if (step === "last") go(Number.MAX_SAFE_INTEGER);
    return;
  }
  const link = event.target.closest("[data-perspective]");
  if (link) {
    event.preventDefault();
    load(link.dataset.perspective);
    return;
  }
  const item = event.target.closest("#move-list li");
  if (item) go(Number(item.dataset.ply));
});

slider?.addEventListener("input", () => go(Number(slider.value)));

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const tag = event.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
  if (event.key in moves) go(index + moves[event.key]);
  else if (event.key === "Home") go(0);
  else if (event.key === "End") go(Number.MAX_SAFE_INTEGER);
  else return;
  event.preventDefault();
});

// Other parts of the page (the analysis graph, static/js/analysis.js) show a decision.
document.addEventListener("replay:go", (event) => go(Number(event.detail.ply)));
window.addEventListener("hashchange", () => {
  const target = /^#ply-(\d+)$/.exec(window.location.hash);
  if (target) go(Number(target[1]));
});

const fromHash = /^#ply-(\d+)$/.exec(window.location.hash);
if (fromHash) index = Number(fromHash[1]);
load(perspective);
