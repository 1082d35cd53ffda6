/**
 * The live board of an online 軍棋 match: the view from the match WebSocket (protocol.js),
 * the board (junqi_board.js), the set-up builder (junqi_setup.js) while the seat sets up,
 * then play by clicks: a piece, then one of its highlighted legal destinations (railway runs
 * and engineer paths come from the view's `legal_actions`). Beside the board: both clocks,
 * the last move and its combat outcome, removed-piece counts, the move list in §10.4
 * notation, draw offers, resignation and the result. The page only reacts to views: the
 * server is the referee and never sends a rank this seat may not see.
 */

import { ClockPair } from "./clock.js";
import { formatClock, methodName, t, uiConfig } from "./i18n.js";
import { GLYPHS, PIECE_CODES, html, pieceName, renderBoard } from "./junqi_board.js";
import { forgetDraft, loadDraft, saveDraft } from "./junqi_draft_store.js";
import { SetupDraft } from "./junqi_setup.js";
import { MOVE, historyLabel, lastMoveLine, lastMoveOf, removedBox } from "./junqi_text.js";
import { TurnSignal } from "./notify.js";
import { MatchConnection } from "./protocol.js";
import { Sound } from "./sound.js";

const config = uiConfig();
const root = document.getElementById("live");
const boardRoot = document.getElementById("jq-board");
const panel = document.getElementById("jq-panel");
const connectionStatus = document.getElementById("connection-status");
const notice = document.getElementById("live-notice");
const errorBox = document.getElementById("live-error");
const gameOver = document.getElementById("game-over");
const resignButton = document.getElementById("resign-button");
const resignDialog = document.getElementById("resign-dialog");
const randomDialog = document.getElementById("jq-random-dialog");
const drawOfferButton = document.getElementById("draw-offer-button");
const drawBox = document.getElementById("draw-offer");
const drawText = document.getElementById("draw-offer-text");
const drawAccept = document.getElementById("draw-accept-button");
const drawDecline = document.getElementById("draw-decline-button");
const moveList = document.getElementById("move-list");
const clockBox = document.getElementById("live-clocks");
const soundButton = document.getElementById("sound-button");
const reviewBar = document.getElementById("review-bar");
const reviewText = document.getElementById("review-text");

let view = null;
let draft = null; // this seat's set-up being built
let trayCode = null; // the tray piece chosen for placing
let selected = null; // a station: set-up (to swap) or play (to move from)
let errorTimer = null;
let countdownTimer = null;
let drag = null; // {from: station | null, code: tray code | null}
let suppressClick = false;
/** An earlier position being looked at: {ply, view} (view null while it loads), or null. */
let review = null;
const positions = new Map(); // ply → this seat's view of that past position (never changes)

const sound = new Sound();
const turnSignal = new TurnSignal({ prefix: `● ${t("your_turn_title")}`, faviconUrl: config.favicon_turn_url });
const clocks = new ClockPair(
  { red: clockBox.querySelector("[data-clock=red]"), blue: clockBox.querySelector("[data-clock=blue]") },
  {
    onZero: () => {
      if (seat() && view?.status === "running") window.setTimeout(() => connection.claimFlag(), 300);
    },
    onLow: (side) => {
      if (side === seat()) sound.play("low");
    },
  },
);

const connection = new MatchConnection({
  path: config.ws_path,
  token: config.token,
  onView: (newView, { receivedAt }) => {
    const finishing = newView.status === "finished" && view !== null && view.status !== "finished";
    view = newView;
    view.receivedAt = receivedAt;
    if (view.clock) clocks.update(view.clock, receivedAt);
    if (game()?.phase !== "play") selected = null;
    forgetFinishedDraft();
    draw();
    if (turnSignal.set(myMove())) sound.play("turn");
    if (finishing) connection.requestSnapshot(); // the full record, every rank revealed
  },
  onPresence: () => drawNotice(),
  onError: (frame) => {
    showError(frame.message || frame.code);
    draw();
  },
  onConnection: (state) => {
    root.dataset.connection = state;
    connectionStatus.textContent = { connecting: t("connecting"), open: t("connected"), closed: t("reconnecting"), refused: t("load_failed") }[state];
    connectionStatus.className = `connection connection--${state}`;
  },
});

function game() {
  return view?.game ?? null;
}

function seat() {
  return view?.seat ?? null;
}

function other(side) {
  return side === "red" ? "blue" : "red";
}

function showError(message) {
  window.clearTimeout(errorTimer);
  errorBox.hidden = !message;
  if (!message) return;
  errorBox.textContent = message;
  errorTimer = window.setTimeout(() => {
    errorBox.hidden = true;
  }, 8000);
}

/**
 * Whether this seat is the side to move now. The view's `to_act` names the side to move in
 * play ("red" or "blue"; null during the simultaneous set-up and at the end), the same key
 * as 軍師軍略's view: the prompt, the title, the favicon and the sound follow it.
 */
function myMove() {
  const me = seat();
  return Boolean(me && view?.status === "running" && game()?.phase === "play" && game().to_act === me);
}

function legal() {
  return game()?.legal_actions ?? [];
}

function moveActions() {
  return legal().filter((text) => MOVE.test(text));
}

function setupPhase() {
  return view?.status === "running" && game()?.phase === "setup";
}

/** Whether this seat still builds its set-up (the server asks for it, none submitted yet). */
function buildingSetup() {
  const me = seat();
  return Boolean(setupPhase() && me && game().setup_required && !game().sides[me].setup_submitted);
}

/** Once this seat's set-up is in (or the set-up is over), its stored draft is forgotten. */
function forgetFinishedDraft() {
  const me = seat();
  if (!me || !game() || view.status === "pending") return;
  if (!setupPhase() || game().sides[me].setup_submitted) {
    forgetDraft(config.match_id, me);
    draft = null;
  }
}

/** The draft changed by the player: keep it for a reload, then redraw. */
function draftChanged() {
  saveDraft(config.match_id, draft);
  draw();
}

// ----------------------------------------------------------------------------- drawing

function lastMove() {
  return lastMoveOf(game());
}

function drawBoard() {
  const me = seat();
  const flipped = me === "blue";
  const options = { flipped, selected };
  if (review) {
    options.selected = null;
    options.pieces = review.view?.pieces ?? game()?.pieces ?? [];
    const moves = review.view?.moves ?? [];
    const last = moves.length ? MOVE.exec(moves[moves.length - 1]) : null;
    if (last) options.last = [last[1], last[3]];
  } else if (buildingSetup()) {
    if (!draft || draft.side !== me) {
      draft = new SetupDraft(me);
      draft.restore(loadDraft(config.match_id, me)); // the pieces placed before a reload
    }
    options.pieces = draft.pieces();
    options.own = draft.stations;
  } else {
    options.pieces = game()?.pieces ?? [];
    // A submitted set-up waits off the board until both are in: draw this seat's own from
    // its set-up string (the view gives it to this seat only).
    const own = me ? game()?.sides?.[me]?.setup : null;
    if (setupPhase() && own && !options.pieces.some((piece) => piece.owner === me)) {
      const submitted = new SetupDraft(me);
      submitted.load(own);
      options.pieces = [...options.pieces, ...submitted.pieces()];
    }
    const last = lastMove();
    if (last) options.last = [last[1], last[3]];
    if (selected) {
      options.targets = moveActions()
        .filter((text) => text.startsWith(`${selected}-`))
        .map((text) => text.split("-")[1]);
    }
  }
  renderBoard(boardRoot, options);
}

function trayButton(code) {
  const left = draft.left(code);
  return html(
    "button",
    {
      type: "button",
      class: `jq-tray__piece jq-piece-chip jq-piece-chip--${draft.side}${trayCode === code ? " is-selected" : ""}`,
      dataset: { code },
      disabled: left <= 0,
      "aria-pressed": String(trayCode === code),
      title: pieceName(code),
    },
    html("span", { class: "jq-piece-chip__glyph" }, GLYPHS[code]),
    html("span", { class: "jq-piece-chip__name" }, pieceName(code)),
    html("span", { class: "jq-piece-chip__left" }, t("jq_setup_left", { n: left })),
  );
}

function setupCountdown() {
  const deadline = view?.setup_deadline ?? view?.clock?.setup_deadline ?? null;
  if (!deadline || !view.clock?.now) return null;
  const elapsed = performance.now() - view.receivedAt;
  return html("p", { class: "jq-countdown", id: "jq-countdown" }, t("jq_setup_countdown", { time: formatClock(deadline - view.clock.now - elapsed) }));
}

function drawSetupPanel() {
  const me = seat();
  const parts = [html("h2", { class: "jq-panel__title" }, t("jq_setup_title"))];
  const countdown = setupCountdown();
  if (countdown) parts.push(countdown);
  if (!me) {
    parts.push(html("p", {}, t("jq_setup_spectator")));
  } else if (buildingSetup()) {
    parts.push(html("p", { class: "small muted" }, t("jq_setup_help")));
    parts.push(html("div", { class: "jq-tray", id: "jq-tray" }, PIECE_CODES.map(trayButton)));
    const problems = draft.problems();
    parts.push(
      html(
        "ul",
        { class: `jq-checks${problems.length ? "" : " jq-checks--ok"}`, id: "jq-setup-checks" },
        problems.length ? problems.map(([key, params]) => html("li", { dataset: { check: key } }, t(key, params))) : html("li", { dataset: { check: "ok" } }, t("jq_setup_ready")),
      ),
    );
    parts.push(
      html(
        "p",
        { class: "jq-panel__buttons" },
        html("button", { type: "button", class: "button", id: "jq-random" }, t("jq_setup_random")),
        html("button", { type: "button", class: "button button--quiet", id: "jq-clear" }, t("jq_setup_clear")),
        html("button", { type: "button", class: "button button--primary", id: "jq-submit", disabled: problems.length > 0 }, t("jq_setup_submit")),
      ),
    );
  } else {
    parts.push(html("p", { class: "jq-waiting", id: "jq-waiting" }, t("jq_setup_waiting")));
  }
  if (me) {
    const theirs = game().sides[other(me)].setup_submitted;
    parts.push(html("p", { class: "small muted", dataset: { opponentSetup: String(theirs) } }, t(theirs ? "jq_setup_opponent_done" : "jq_setup_opponent_pending")));
  }
  panel.replaceChildren(...parts);
}

function drawPlayPanel() {
  const me = seat();
  const g = game();
  const parts = [];
  if (view.status === "running" && me) {
    const yours = myMove();
    parts.push(html("p", { class: `jq-turn${yours ? " jq-turn--yours" : ""}`, id: "jq-turn", dataset: { yours: String(yours) } }, t(yours ? "jq_your_move" : "jq_their_move")));
  }
  const last = lastMoveLine(g);
  if (last) parts.push(last);
  parts.push(removedBox(g));
  if (view.status === "finished") parts.push(html("p", { class: "jq-reveal", id: "jq-reveal" }, t("jq_reveal")));
  panel.replaceChildren(...parts);
}

function drawDraw() {
  const me = seat();
  const running = view.status === "running" && game()?.phase === "play";
  drawOfferButton.hidden = !(running && me && legal().includes("offer draw"));
  const offer = game()?.draw_offer;
  if (running && me && offer) {
    drawBox.hidden = false;
    const mine = offer === me;
    drawText.textContent = t(mine ? "jq_draw_offered_them" : "jq_draw_offered_you");
    drawAccept.hidden = !legal().includes("accept draw");
    drawDecline.hidden = !legal().includes("decline draw");
  } else {
    drawBox.hidden = true;
  }
}

function drawNotice() {
  if (!view) return;
  const messages = [];
  const me = seat();
  if (view.status === "pending") messages.push(t("not_started"));
  if (view.status === "running" && !me) messages.push(t("spectating"));
  // The computer keeps no socket open (docs/opponent.md): its absence says nothing.
  const away = view.presence && view.presence[other(me)] === false && root.dataset.computerSeat !== other(me);
  if (view.status === "running" && me && away) messages.push(t("opponent_disconnected"));
  notice.replaceChildren(...messages.map((text) => html("p", {}, text)));
  notice.hidden = messages.length === 0;
}

function drawGameOver() {
  const result = view.result;
  if (view.status !== "finished" || !result) {
    gameOver.hidden = true;
    return;
  }
  const me = seat();
  const termination = game()?.outcome?.termination;
  const how = termination ? t(`jq_term_${termination}`) : methodName(result);
  const lines = [html("h2", {}, t("game_over"))];
  const winner = result.winner;
  if (winner === "red" || winner === "blue") {
    if (me) lines.push(html("p", { class: `game-over__you game-over__you--${winner === me ? "won" : "lost"}` }, t(winner === me ? "you_won" : "you_lost")));
    lines.push(html("p", { class: "game-over__winner" }, t("winner_is", { side: `${view.players[winner].name} (${t(`side_${winner}`)})` })));
  } else {
    lines.push(html("p", { class: "game-over__winner" }, t(termination?.startsWith("DRAW") ? "jq_draw" : "no_winner")));
  }
  lines.push(html("p", { class: "game-over__method", dataset: { method: result.method, termination: termination ?? "" } }, t("method_is", { method: how })));
  lines.push(
    html(
      "p",
      { class: "game-over__links" },
      html("a", { class: "button", id: "view-record", href: config.record_url }, t("view_record")),
      " ",
      html("a", { class: "button button--quiet", href: config.download_url, download: "" }, t("download_record")),
    ),
  );
  gameOver.replaceChildren(...lines);
  gameOver.hidden = false;
  gameOver.dataset.winner = winner;
  gameOver.dataset.method = result.method;
}

function drawMoveList() {
  const history = view.history ?? [];
  const items = [html("li", { class: "move-list__item", dataset: { ply: "0" } }, html("span", { class: "move-list__text" }, "—"))];
  // The match history holds the decisions as sent ("a6-a7"); the game's own log holds each
  // move in §10.4 notation with its combat outcome ("a6xa7>"), the k-th move for the k-th.
  const notation = game().moves ?? [];
  let moveIndex = 0;
  for (const recorded of history) {
    const entry = MOVE.test(recorded.text) ? { ...recorded, text: notation[moveIndex] ?? recorded.text } : recorded;
    if (MOVE.test(recorded.text)) moveIndex += 1;
    items.push(
      html(
        "li",
        { class: `move-list__item move-list__item--${entry.seat ?? "none"}`, dataset: { ply: String(entry.ply), text: entry.text } },
        html("span", { class: "move-list__text" }, historyLabel(entry.text)),
        " ",
        html("code", { class: "move-list__code" }, entry.text),
      ),
    );
  }
  const known = moveList.children.length;
  for (const item of items) item.classList.toggle("is-current", review !== null && Number(item.dataset.ply) === review.ply);
  const same = known === items.length && [...moveList.children].every((item, i) => item.dataset.text === items[i].dataset.text);
  if (!same) {
    moveList.replaceChildren(...items);
    if (!review) moveList.scrollTop = moveList.scrollHeight;
  } else {
    items.forEach((item, i) => moveList.children[i].classList.toggle("is-current", item.classList.contains("is-current")));
  }
}

function draw() {
  if (!view || !game()) return;
  const me = seat();
  const g = game();
  const running = view.status === "running";
  root.dataset.ply = String(view.ply);
  root.dataset.review = review?.view ? String(review.ply) : ""; // the past position drawn
  reviewBar.hidden = !review;
  if (review) reviewText.textContent = t("reviewing", { n: review.ply, total: view.ply });
  root.dataset.status = view.status;
  root.dataset.seat = me ?? "";
  root.dataset.phase = g.phase;
  root.dataset.toAct = g.to_act ?? "";
  clockBox.dataset.bottom = me === "blue" ? "blue" : "red";
  for (const side of ["red", "blue"]) {
    const card = clockBox.querySelector(`[data-clock-card=${side}]`);
    const acting = running && g.phase === "play" && g.to_move === side;
    card.classList.toggle("is-to-act", acting);
    card.querySelector("[data-clock-turn]").hidden = !acting;
    card.classList.toggle("is-you", me === side);
  }
  resignButton.hidden = !(running && me);
  drawNotice();
  drawGameOver();
  drawDraw();
  drawMoveList();
  drawBoard();
  if (setupPhase()) drawSetupPanel();
  else drawPlayPanel();
  window.clearInterval(countdownTimer);
  if (setupPhase()) {
    countdownTimer = window.setInterval(() => {
      const element = document.getElementById("jq-countdown");
      const fresh = setupCountdown();
      if (element && fresh) element.replaceWith(fresh);
    }, 500);
  }
}

// ----------------------------------------------------------------------- interaction

function submit(text) {
  if (!view || !connection.action(text, view.ply)) {
    showError(t("load_failed"));
    return false;
  }
  showError(null);
  return true;
}

/** A click (or a drop) on `station` while building the set-up. */
function setupStation(station) {
  if (!draft.isOwn(station)) return;
  if (trayCode) {
    draft.place(trayCode, station);
    if (draft.left(trayCode) <= 0) trayCode = null;
  } else if (selected && selected !== station) {
    draft.swap(selected, station);
    selected = null;
  } else if (selected === station) {
    selected = null;
  } else if (draft.placed.has(station)) {
    selected = station;
  }
  draftChanged();
}

/** A click on `station` during play. */
function playStation(station) {
  const me = seat();
  if (!me || !myMove()) return;
  if (selected && selected !== station) {
    const text = `${selected}-${station}`;
    if (legal().includes(text)) {
      selected = null;
      submit(text);
      draw();
      return;
    }
  }
  const piece = (game().pieces ?? []).find((p) => p.station === station);
  const canMove = moveActions().some((text) => text.startsWith(`${station}-`));
  selected = piece && piece.owner === me && canMove && selected !== station ? station : null;
  draw();
}

boardRoot.addEventListener("click", (event) => {
  if (suppressClick) {
    suppressClick = false;
    return;
  }
  const target = event.target.closest("[data-station]");
  if (!target || !view || review) return;
  if (buildingSetup()) setupStation(target.dataset.station);
  else playStation(target.dataset.station);
});

// Dragging during set-up: from the tray or from one of the seat's pieces onto a station.
function stationAt(x, y) {
  return document.elementFromPoint(x, y)?.closest?.("[data-station]")?.dataset.station ?? null;
}

document.addEventListener("pointerdown", (event) => {
  if (!buildingSetup() || event.button !== 0) return;
  const chip = event.target.closest?.("#jq-tray [data-code]");
  const station = event.target.closest?.("#jq-board [data-station]")?.dataset.station;
  if (chip && !chip.disabled) drag = { code: chip.dataset.code, from: null, x: event.clientX, y: event.clientY };
  else if (station && draft.placed.has(station)) drag = { code: null, from: station, x: event.clientX, y: event.clientY };
});

document.addEventListener("pointerup", (event) => {
  const started = drag;
  drag = null;
  if (!started || !buildingSetup()) return;
  if (Math.hypot(event.clientX - started.x, event.clientY - started.y) < 8) return; // a click
  const station = stationAt(event.clientX, event.clientY);
  if (!station || station === started.from) return;
  suppressClick = true;
  window.setTimeout(() => {
    suppressClick = false;
  }, 0);
  if (started.code) draft.place(started.code, station);
  else draft.swap(started.from, station);
  selected = null;
  draftChanged();
});

panel.addEventListener("click", (event) => {
  if (!draft || !buildingSetup()) return;
  const chip = event.target.closest("[data-code]");
  if (chip) {
    trayCode = trayCode === chip.dataset.code ? null : chip.dataset.code;
    selected = null;
    draw();
    return;
  }
  const button = event.target.closest("button");
  if (!button) return;
  if (button.id === "jq-random") {
    // Pieces placed by hand are not thrown away without asking (an earlier random set-up is).
    if (draft.byHand && typeof randomDialog.showModal === "function") randomDialog.showModal();
    else randomSetup();
  } else if (button.id === "jq-clear") {
    draft.clear();
    selected = null;
    draftChanged();
  } else if (button.id === "jq-submit" && draft.problems().length === 0) {
    submit(`setup ${draft.side} ${draft.text()}`);
  }
});

function randomSetup() {
  if (!draft || !buildingSetup()) return;
  draft.randomise();
  trayCode = null;
  selected = null;
  draftChanged();
}

randomDialog.addEventListener("close", () => {
  if (randomDialog.returnValue === "random") randomSetup();
});

/** Show the position after decision `ply` (as the server computed it for this seat). */
async function showPosition(ply) {
  if (!view || buildingSetup()) return;
  const target = Math.max(0, Math.min(ply, view.ply));
  if (target === view.ply) {
    backToLive();
    return;
  }
  review = { ply: target, view: positions.get(target) ?? null };
  selected = null;
  draw();
  if (review.view) return;
  try {
    const url = config.position_url.replace("{ply}", String(target));
    const query = config.token ? `?token=${encodeURIComponent(config.token)}` : "";
    const response = await fetch(url + query, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(String(response.status));
    positions.set(target, (await response.json()).view);
  } catch {
    showError(t("load_failed"));
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
  draw();
}

moveList.addEventListener("click", (event) => {
  const item = event.target.closest("li[data-ply]");
  if (item) showPosition(Number(item.dataset.ply));
});
document.getElementById("back-to-live").addEventListener("click", () => backToLive());

drawOfferButton.addEventListener("click", () => submit("offer draw"));
drawAccept.addEventListener("click", () => submit("accept draw"));
drawDecline.addEventListener("click", () => submit("decline draw"));

resignButton.addEventListener("click", () => {
  if (typeof resignDialog.showModal === "function") resignDialog.showModal();
  else if (window.confirm(t("resign_confirm"))) connection.resign();
});

resignDialog.addEventListener("close", () => {
  if (resignDialog.returnValue === "resign") connection.resign();
});

function drawSoundButton() {
  soundButton.setAttribute("aria-pressed", String(sound.enabled));
}

soundButton.addEventListener("click", () => {
  sound.toggle();
  drawSoundButton();
});
drawSoundButton();

connection.connect();
