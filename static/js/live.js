/**
 * The live board of an online match: the view from the match WebSocket, drawn by board.js,
 * both clocks counting down beside the board, the action builder and the typed-decision field
 * for the seat to act, the move list (a click shows an earlier position, as the server computed
 * it for this seat, until "back to the game"), the turn signal (title, favicon, optional sound),
 * resignation and the game-over notice. Protocol handling lives in protocol.js; this module only
 * reacts to views.
 */

import { ActionBuilder } from "./actions.js";
import { html, otherSide, renderGame } from "./board.js";
import { keepChoiceInSight } from "./choice_sheet.js";
import { ClockPair } from "./clock.js";
import { NotationEntry } from "./entry.js";
import { methodName, t, uiConfig } from "./i18n.js";
import { moveListItem, revealInList, startListItem } from "./moves.js";
import { TurnSignal } from "./notify.js";
import { decisionSquares } from "./notation.js";
import { MatchConnection } from "./protocol.js";
import { showSkipped } from "./skipped.js";
import { Sound } from "./sound.js";

const config = uiConfig();
const root = document.getElementById("live");
const gameRoot = document.getElementById("live-game");
const connectionStatus = document.getElementById("connection-status");
const notice = document.getElementById("live-notice");
const errorBox = document.getElementById("live-error");
const gameOver = document.getElementById("game-over");
const resignButton = document.getElementById("resign-button");
const pauseButton = document.getElementById("pause-button");
const resignDialog = document.getElementById("resign-dialog");
const moveList = document.getElementById("move-list");
const clockBox = document.getElementById("live-clocks");
const entryForm = document.getElementById("notation-entry");
const reviewBar = document.getElementById("review-bar");
const reviewText = document.getElementById("review-text");
const soundButton = document.getElementById("sound-button");
const clockElements = {
  red: clockBox.querySelector("[data-clock=red]"),
  blue: clockBox.querySelector("[data-clock=blue]"),
};
// Clocks, typed decisions and the move list sit in the game's grid and survive every redraw.
const pinned = [clockBox, entryForm, moveList.closest(".move-list")];

let view = null;
let claimTimer = null;
let errorTimer = null;
/** The earlier position being looked at: {ply, view} (view null while it loads), or null. */
let review = null;
let scrollPending = false; // new decisions arrived: show the end of the list once it is laid out
const positions = new Map(); // ply → this seat's view of that past position (they never change)

const sound = new Sound();
const turnSignal = new TurnSignal({ prefix: `● ${t("your_turn_title")}`, faviconUrl: config.favicon_turn_url });

const clocks = new ClockPair(clockElements, {
  onZero: () => scheduleFlagClaim(),
  onLow: (side) => {
    if (side === seat()) sound.play("low");
  },
});

function submitDecision(text) {
  if (!view || !connection.action(text, view.ply)) {
    builder.unlock();
    return false;
  }
  showError(null);
  return true;
}

const builder = new ActionBuilder({
  submit: (text) => submitDecision(text),
  onChange: () => draw(),
});

const entry = new NotationEntry(entryForm, {
  submit: (text) => {
    builder.lock();
    submitDecision(text);
  },
  messages: { notLegal: t("entry_not_legal") },
});

const connection = new MatchConnection({
  path: config.ws_path,
  token: config.token,
  onView: (newView, { receivedAt }) => {
    const finishing = newView.status === "finished" && view !== null && view.status !== "finished";
    view = newView;
    clocks.update(view.clock, receivedAt);
    draw();
    signalTurn();
    // Once the game is over every decision is public: a fresh snapshot unmasks the move list.
    if (finishing) connection.requestSnapshot();
  },
  onPresence: () => drawNotice(),
  onError: (frame) => {
    builder.unlock();
    showError(frame.message || frame.code);
    draw();
  },
  onConnection: (state) => {
    root.dataset.connection = state;
    connectionStatus.textContent = {
      connecting: t("connecting"),
      open: t("connected"),
      closed: t("reconnecting"),
      refused: t("load_failed"),
    }[state];
    connectionStatus.className = `connection connection--${state}`;
  },
});

function seat() {
  return view?.seat ?? null;
}

function bottomSide() {
  return seat() === "blue" ? "blue" : "red";
}

function showError(message) {
  window.clearTimeout(errorTimer);
  if (!message) {
    errorBox.hidden = true;
    return;
  }
  errorBox.textContent = message;
  errorBox.hidden = false;
  errorTimer = window.setTimeout(() => {
    errorBox.hidden = true;
  }, 8000);
}

/** The flag fell on screen: ask the server to check (it decides; it may already have). */
function scheduleFlagClaim(attempt = 0) {
  window.clearTimeout(claimTimer);
  if (!seat() || view?.status !== "running" || attempt > 5) return;
  claimTimer = window.setTimeout(() => {
    if (view?.status !== "running") return;
    connection.claimFlag();
    scheduleFlagClaim(attempt + 1);
  }, attempt === 0 ? 300 : 1000);
}

function drawNotice() {
  if (!view) return;
  const messages = [];
  const me = seat();
  if (view.status === "pending") messages.push(t("not_started"));
  if (view.clock?.paused && view.status === "running") messages.push(t("clock_paused"));
  if (view.status === "running") {
    if (me) {
      // The computer keeps no socket open (docs/opponent.md): its absence says nothing.
      if (view.presence && view.presence[otherSide(me)] === false && root.dataset.computerSeat !== otherSide(me)) {
        // In an untimed segment (draft, preparation) no clock runs, so do not say it does.
        const untimed = Boolean(view.game?.expansion?.untimed);
        messages.push(untimed ? t("player_disconnected", { side: t(`side_${otherSide(me)}`) }) : t("opponent_disconnected"));
      }
    } else {
      messages.push(t("spectating"));
      for (const side of ["red", "blue"]) {
        if (view.presence && view.presence[side] === false && root.dataset.computerSeat !== side) {
          messages.push(t("player_disconnected", { side: t(`side_${side}`) }));
        }
      }
    }
  }
  notice.replaceChildren(...messages.map((text) => html("p", {}, text)));
  notice.hidden = messages.length === 0;
  root.dataset.opponentPresent = me && view.presence ? String(view.presence[otherSide(me)] !== false) : "";
}

function drawGameOver() {
  const result = view.result;
  if (view.status !== "finished" || !result) {
    gameOver.hidden = true;
    return;
  }
  const me = seat();
  const lines = [html("h2", {}, t("game_over"))];
  if (me && result.winner === me) lines.push(html("p", { class: "game-over__you game-over__you--won" }, t("you_won")));
  else if (me && result.winner !== "none") lines.push(html("p", { class: "game-over__you game-over__you--lost" }, t("you_lost")));
  lines.push(
    html("p", { class: "game-over__winner" }, result.winner === "none" ? t("no_winner") : t("winner_is", { side: `${view.players[result.winner].name} (${t(`side_${result.winner}`)})` })),
    html("p", { class: "game-over__method", dataset: { method: result.method } }, t("method_is", { method: methodName(result) })),
    html(
      "p",
      { class: "game-over__links" },
      // A game that ended before its first decision (a forfeit) has nothing to step through.
      view.ply > 0 ? html("a", { class: "button", href: config.record_url, id: "view-record" }, t("view_record")) : null,
      view.ply > 0 ? " " : null,
      html("a", { class: "button button--quiet", href: config.download_url, download: "" }, t("download_record")),
    ),
  );
  gameOver.replaceChildren(...lines);
  gameOver.hidden = false;
  gameOver.dataset.winner = result.winner;
  gameOver.dataset.method = result.method;
}

function drawMoveList() {
  if (!moveList) return;
  const known = moveList.children.length - 1; // the first item is the start position
  if (known < 0 || known > view.history.length) moveList.replaceChildren(startListItem());
  const have = moveList.children.length - 1;
  // A snapshot may rewrite entries already listed (the whole record is public once finished).
  view.history.slice(0, have).forEach((entry, index) => {
    const item = moveList.children[index + 1];
    if (item.dataset.text !== entry.text) item.replaceWith(moveListItem(entry));
  });
  const added = view.history.slice(have).map(moveListItem);
  if (added.length) {
    moveList.append(...added);
    scrollPending = !review;
  }
  const current = review ? review.ply : view.ply;
  for (const item of moveList.children) {
    const isCurrent = Number(item.dataset.ply) === current;
    item.classList.toggle("is-current", isCurrent);
    if (isCurrent) {
      item.firstElementChild.setAttribute("aria-current", "step");
      if (review) revealInList(moveList, item);
    } else {
      item.firstElementChild.removeAttribute("aria-current");
    }
  }
}

/** Draw the earlier position under review (the server's view of it for this seat). */
function drawReview() {
  const move = review.ply > 0 ? view.history[review.ply - 1] : null;
  reviewText.textContent = t("reviewing", { n: review.ply, total: view.ply });
  reviewBar.hidden = false;
  reviewBar.querySelector("[data-review=next]").disabled = review.ply >= view.ply;
  reviewBar.querySelector("[data-review=prev]").disabled = review.ply <= 0;
  entryForm.hidden = true;
  builder.panel.hidden = true;
  if (!review.view) return; // still loading: the live board stays until it arrives
  renderGame(gameRoot, review.view, {
    bottom: bottomSide(),
    names: { red: view.players.red.name, blue: view.players.blue.name },
    marks: move ? decisionSquares(move.text) : [],
    pinned,
  });
  gameRoot.classList.add("is-review");
  root.dataset.review = String(review.ply); // the ply whose position is drawn
}

/** Show the position after decision `ply` (the live one ends the review). */
async function showPosition(ply) {
  if (!view) return;
  const target = Math.max(0, Math.min(ply, view.ply));
  if (target === view.ply) {
    backToLive();
    return;
  }
  const starting = review === null;
  review = { ply: target, view: positions.get(target) ?? null };
  draw();
  // On a phone the list is below the board: bring the position (and its bar) into view.
  if (starting) reviewBar.scrollIntoView({ block: "nearest" });
  if (review.view) return;
  let refusal = null;
  try {
    const url = config.position_url.replace("{ply}", String(target));
    const query = config.token ? `?token=${encodeURIComponent(config.token)}` : "";
    const response = await fetch(url + query, { headers: { Accept: "application/json" } });
    const body = await response.json().catch(() => null);
    if (!response.ok || !body) {
      // A refusal (e.g. 429, too many requests) carries its own translated message.
      refusal = body?.error?.message ?? null;
      throw new Error(String(response.status));
    }
    positions.set(target, body.view);
  } catch {
    showError(refusal || t("load_failed"));
    if (review?.ply === target) backToLive();
    return;
  }
  if (review?.ply === target) {
    review.view = positions.get(target);
    draw();
  }
}

function backToLive() {
  review = null;
  reviewBar.hidden = true;
  root.dataset.review = "";
  gameRoot.classList.remove("is-review");
  draw();
}

/** Title, favicon and (optional) sound when it becomes this seat's turn. */
function signalTurn() {
  const me = seat();
  const mine = Boolean(me && view.status === "running" && view.game?.to_act === me);
  if (turnSignal.set(mine)) sound.play("turn");
}

function draw() {
  if (!view || !view.game) return;
  const me = seat();
  const running = view.status === "running";
  const enabled = Boolean(running && me && view.game.to_act === me && !view.clock?.paused);
  builder.setGame(view.game, { seat: me, bottom: bottomSide(), enabled });
  clockBox.dataset.bottom = bottomSide();
  for (const side of ["red", "blue"]) {
    const card = clockBox.querySelector(`[data-clock-card=${side}]`);
    card.classList.toggle("is-to-act", running && view.game.to_act === side);
    card.querySelector("[data-clock-turn]").hidden = !(running && view.game.to_act === side);
    card.classList.toggle("is-you", me === side);
  }
  root.dataset.ply = String(view.ply);
  root.dataset.status = view.status;
  root.dataset.seat = me ?? "";
  root.dataset.toAct = view.game.to_act ?? "";
  // Draft and preparation are untimed (docs/expansion.md): both clocks stand, visibly.
  const untimed = Boolean(view.game.expansion?.untimed);
  root.dataset.untimed = String(untimed);
  root.dataset.phase = view.game.phase;
  for (const element of Object.values(clockElements)) element?.classList.toggle("is-untimed", untimed);
  resignButton.hidden = !(running && me);
  pauseButton.hidden = !(running && config.arbiter);
  pauseButton.textContent = view.clock?.paused ? t("resume") : t("pause");
  drawNotice();
  drawGameOver();
  drawMoveList();
  showSkipped(document.getElementById("live-skipped"), view.game.skipped);
  if (review) {
    drawReview();
    return;
  }
  const last = view.history[view.history.length - 1];
  renderGame(gameRoot, view.game, {
    bottom: bottomSide(),
    names: { red: view.players.red.name, blue: view.players.blue.name },
    marks: last ? decisionSquares(last.text) : [],
    interaction: builder.interaction(),
    extra: builder.render(),
    pinned,
  });
  entry.setLegal(enabled ? view.game.legal_actions : []);
  keepChoiceInSight(gameRoot);
  if (scrollPending) moveList.scrollTop = moveList.scrollHeight; // the list scrolls, never the page
  scrollPending = false;
}

moveList.addEventListener("click", (event) => {
  const item = event.target.closest("li[data-ply]");
  if (item) showPosition(Number(item.dataset.ply));
});

reviewBar.addEventListener("click", (event) => {
  const button = event.target.closest("[data-review]");
  if (!button || !review) return;
  const step = button.dataset.review;
  if (step === "live") backToLive();
  else showPosition(review.ply + (step === "next" ? 1 : -1));
});

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || !view) return;
  const tag = event.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  const current = review ? review.ply : view.ply;
  if (event.key === "ArrowLeft") showPosition(current - 1);
  else if (event.key === "ArrowRight" && review) showPosition(current + 1);
  else if ((event.key === "Escape" || event.key === "End") && review) backToLive();
  else return;
  event.preventDefault();
});

function drawSoundButton() {
  soundButton.setAttribute("aria-pressed", String(sound.enabled));
}

soundButton.addEventListener("click", () => {
  sound.toggle();
  drawSoundButton();
});
drawSoundButton();

resignButton.addEventListener("click", () => {
  if (typeof resignDialog.showModal === "function") resignDialog.showModal();
  else if (window.confirm(t("resign_confirm"))) connection.resign();
});

pauseButton.addEventListener("click", () => {
  if (view?.clock?.paused) connection.resume();
  else connection.pause();
});

resignDialog.addEventListener("close", () => {
  if (resignDialog.returnValue === "resign") connection.resign();
});

connection.connect();
