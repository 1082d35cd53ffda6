/**
 * The live board of an online match: the view from the match WebSocket, drawn by board.js,
 * both clocks counting down, the action builder for the seat to act, resignation and the
 * game-over notice. Protocol handling lives in protocol.js; this module only reacts to views.
 */

import { ActionBuilder, decisionNote } from "./actions.js";
import { html, otherSide, renderGame } from "./board.js";
import { ClockPair } from "./clock.js";
import { methodName, t, uiConfig } from "./i18n.js";
import { decisionSquares } from "./notation.js";
import { MatchConnection } from "./protocol.js";
import { showSkipped } from "./skipped.js";

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
const clockElements = {
  red: document.querySelector("[data-clock=red]"),
  blue: document.querySelector("[data-clock=blue]"),
};

let view = null;
let claimTimer = null;
let errorTimer = null;

const clocks = new ClockPair(clockElements, { onZero: () => scheduleFlagClaim() });

const builder = new ActionBuilder({
  submit: (text) => {
    if (!connection.action(text, view.ply)) builder.unlock();
    showError(null);
  },
  onChange: () => draw(),
});

const connection = new MatchConnection({
  path: config.ws_path,
  token: config.token,
  onView: (newView, { receivedAt }) => {
    view = newView;
    clocks.update(view.clock, receivedAt);
    draw();
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
      if (view.presence && view.presence[otherSide(me)] === false) {
        // In an untimed segment (draft, preparation) no clock runs, so do not say it does.
        const untimed = Boolean(view.game?.expansion?.untimed);
        messages.push(untimed ? t("player_disconnected", { side: t(`side_${otherSide(me)}`) }) : t("opponent_disconnected"));
      }
    } else {
      messages.push(t("spectating"));
      for (const side of ["red", "blue"]) {
        if (view.presence && view.presence[side] === false) {
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
      html("a", { class: "button", href: config.record_url }, t("view_record")),
      " ",
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
  const items = view.history.map((entry) =>
    html(
      "li",
      { class: `move-list__item move-list__item--${entry.seat}`, dataset: { ply: String(entry.ply) } },
      html(
        "span",
        { class: "move-list__move" },
        html("span", { class: "move-list__ply" }, `${entry.ply}.`),
        html("span", { class: `seat-dot seat-dot--${entry.seat}`, "aria-hidden": "true" }),
        html("code", {}, entry.text),
        decisionNote(entry.text),
      ),
    ),
  );
  moveList.replaceChildren(...items);
  moveList.lastElementChild?.scrollIntoView({ block: "nearest" });
}

function draw() {
  if (!view || !view.game) return;
  const me = seat();
  const running = view.status === "running";
  const enabled = Boolean(running && me && view.game.to_act === me && !view.clock?.paused);
  builder.setGame(view.game, { seat: me, bottom: bottomSide(), enabled });
  const last = view.history[view.history.length - 1];
  renderGame(gameRoot, view.game, {
    bottom: bottomSide(),
    names: { red: view.players.red.name, blue: view.players.blue.name },
    marks: last ? decisionSquares(last.text) : [],
    clocks: clockElements,
    interaction: builder.interaction(),
    extra: builder.render(),
  });
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
}

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
