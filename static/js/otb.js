/**
 * The over-the-board clock: one device beside a physical board is the official chess clock.
 *
 * Two large press areas (the top one turned to face the far player), both times counting
 * down from the server's snapshot, pause for the arbiter, and afterwards the result report and
 * its confirmation. Every press goes to the server, which stays authoritative: it charges the
 * time, decides a flag fall (a loss on time) and records the result.
 *
 * Seats: the page connects with the seat link(s) it was opened with — `?token=` (one seat),
 * or `?red=…&blue=…` (the table's device, holding both seat links) — or as the logged-in
 * player. With both links each player reports or confirms from their own half of the screen.
 *
 * A pending report is shown where it matters: the seat that must confirm it gets the claim and
 * a "confirm this result" button between the two clocks, in view; the reporter reads that it
 * waits for the other seat. The report forms are always open below the clocks; their selects
 * start empty, so a stray tap reports nothing.
 */

import { html, otherSide } from "./board.js";
import { ClockPair } from "./clock.js";
import { methodName, t, uiConfig } from "./i18n.js";
import { MatchConnection } from "./protocol.js";

const config = uiConfig();
const root = document.getElementById("otb");
const statusLine = document.getElementById("otb-status");
const errorBox = document.getElementById("otb-error");
const connectionStatus = document.getElementById("connection-status");
const pauseButton = document.getElementById("pause-button");
const swapButton = document.getElementById("swap-button");
const resultSection = document.getElementById("otb-result");
const resultBody = document.getElementById("otb-result-body");
const confirmPanel = document.getElementById("otb-confirm");
const pressAreas = {
  red: root.querySelector("[data-press=red]"),
  blue: root.querySelector("[data-press=blue]"),
};
const clocks = new ClockPair(
  { red: pressAreas.red.querySelector("[data-clock]"), blue: pressAreas.blue.querySelector("[data-clock]") },
  { onZero: () => scheduleFlagClaim() },
);

let view = null;
let claimTimer = null;
let errorTimer = null;

function showError(message) {
  window.clearTimeout(errorTimer);
  errorBox.textContent = message ?? "";
  errorBox.hidden = !message;
  if (message) errorTimer = window.setTimeout(() => (errorBox.hidden = true), 6000);
}

function onError(frame) {
  showError(frame.message || frame.code);
}

// The connection that feeds the view, plus one per extra seat link for reports.
const tokens = config.tokens ?? {};
const primaryToken = config.token || tokens.red || tokens.blue || "";
const primary = new MatchConnection({
  path: config.ws_path,
  token: primaryToken,
  onView: (newView, { receivedAt }) => {
    view = newView;
    clocks.update(view.clock, receivedAt);
    draw();
  },
  onError,
  onConnection: (state) => {
    root.dataset.connection = state;
    connectionStatus.textContent = { connecting: t("connecting"), open: t("connected"), closed: t("reconnecting"), refused: t("load_failed") }[state];
    connectionStatus.className = `connection connection--${state}`;
  },
});
const seatConnections = {};
for (const seat of ["red", "blue"]) {
  if (!tokens[seat]) continue;
  seatConnections[seat] =
    tokens[seat] === primaryToken ? primary : new MatchConnection({ path: config.ws_path, token: tokens[seat], onError });
}

/** The connection that may act for `seat`, if the page holds one. */
function connectionFor(seat) {
  if (seatConnections[seat]) return seatConnections[seat];
  if (view?.seat === seat) return primary;
  return null;
}

/** The connection that may press `seat`'s side: a seat holder's, or an arbiter's. */
function pressConnection(seat) {
  return connectionFor(seat) ?? connectionFor(otherSide(seat)) ?? (config.arbiter ? primary : null);
}

function seatLabel(seat) {
  return `${view.players[seat].name} (${t(`side_${seat}`)})`;
}

function scheduleFlagClaim(attempt = 0) {
  window.clearTimeout(claimTimer);
  if (view?.status !== "running" || attempt > 5) return;
  const conn = connectionFor("red") ?? connectionFor("blue");
  if (!conn) return;
  claimTimer = window.setTimeout(() => {
    // Once the server has recorded the fall (or holds the game for the arbiter), stop asking.
    if (view?.status !== "running" || view.clock.flagged) return;
    conn.claimFlag();
    scheduleFlagClaim(attempt + 1);
  }, attempt === 0 ? 300 : 1000);
}

/** The first press (Red's, after the untimed first placement) also starts a waiting game. */
function startsTheGame(seat) {
  return view?.status === "pending" && seat === "red" && view.ply === 0;
}

function canPress(seat) {
  if (!view || (view.status !== "running" && !startsTheGame(seat))) return false;
  const clock = view.clock;
  // A reported result stops nothing: the clock runs until the other player confirms.
  if (clock.paused || clock.flagged) return false;
  if (!pressConnection(seat)) return false;
  if (clock.running === null) return seat === "red" && view.ply === 0; // Red starts Blue's clock
  return clock.running === seat && clock.ticking;
}

function hasReports() {
  const reports = view?.otb?.reports ?? {};
  return Boolean(reports.red || reports.blue);
}

function press(seat) {
  if (!canPress(seat)) return;
  pressConnection(seat).press(seat, view.ply);
  pressAreas[seat].disabled = true; // until the server's answer
}

/** The seat whose pending report `seat` must confirm, if any. */
function reportToConfirm(seat) {
  const reports = view?.otb?.reports ?? {};
  const other = otherSide(seat);
  return reports[other] && !reports[seat] ? other : null;
}

/** The seats this page acts for (its seat links, or the logged-in player's seat). */
function mySeats() {
  return ["red", "blue"].filter((seat) => connectionFor(seat));
}

function claimText(seat) {
  const report = view.otb.reports[seat];
  if (report.winner === "draw") return t("reported_draw_by", { side: seatLabel(seat) });
  return t("reported_by", { side: seatLabel(seat), winner: seatLabel(report.winner), method: methodLabel(report.method) });
}

function statusText() {
  const clock = view.clock;
  if (view.status === "pending") return t("otb_waiting");
  if (view.status === "finished" && view.result) {
    if (view.result.winner === "draw") return t("draw_result");
    if (view.result.method === "timeout" && view.result.winner !== "none") {
      const loser = otherSide(view.result.winner);
      return t("flag_fell", { side: seatLabel(loser) });
    }
    return `${t("winner_is", { side: view.result.winner === "none" ? t("no_winner") : seatLabel(view.result.winner) })} ${t("method_is", { method: methodName(view.result) })}`;
  }
  // A flag that fell against a pending report decides nothing: the arbiter does.
  if (view.otb?.disputed) return clock.flagged ? t("disputed_flag") : t("disputed");
  if (clock.flagged) return t("flag_fell", { side: seatLabel(clock.flagged) });
  if (hasReports()) {
    const confirming = mySeats().filter((seat) => reportToConfirm(seat));
    if (confirming.length) return t("confirm_prompt");
    const reporter = ["red", "blue"].find((seat) => view.otb.reports[seat]);
    return t("awaiting_side", { side: seatLabel(otherSide(reporter)) });
  }
  if (clock.paused) return t("paused");
  if (clock.running === null) return t("otb_waiting");
  return "";
}

/** Between the clocks: the pending claim and "confirm this result" for each seat that must. */
function drawConfirmPanel() {
  const boxes = [];
  if (view.status === "running") {
    for (const seat of mySeats()) {
      const reporter = reportToConfirm(seat);
      if (!reporter) continue;
      const button = html(
        "button",
        { type: "button", class: "button button--primary otb__confirm-button", dataset: { confirm: seat } },
        t("confirm_report"),
      );
      button.addEventListener("click", () => connectionFor(seat)?.confirmResult());
      boxes.push(
        html(
          "div",
          { class: `otb__confirm-box otb__confirm-box--${seat}`, dataset: { confirmFor: seat } },
          html("p", { class: "otb__confirm-claim" }, claimText(reporter)),
          html("p", { class: "otb__confirm-who" }, t("confirm_as", { side: seatLabel(seat) })),
          button,
          html("a", { href: "#otb-result", class: "otb__confirm-other" }, t("report_other")),
        ),
      );
    }
  }
  confirmPanel.replaceChildren(...boxes);
  confirmPanel.hidden = boxes.length === 0;
}

function methodLabel(value) {
  return (config.report_methods ?? []).find((m) => m.value === value)?.label ?? value;
}

function reportForm(seat) {
  const winner = html(
    "select",
    { name: "winner", "aria-label": t("report_winner"), required: true },
    [
      // No winner chosen yet: a stray tap on "Report" reports nothing.
      html("option", { value: "" }, t("choose_winner")),
      ...["red", "blue"].map((side) => html("option", { value: side }, seatLabel(side))),
      // Only a game with draws (never 軍師軍略) offers a draw; its method is always "draw agreed".
      ...(config.report_draw ? [html("option", { value: "draw" }, t("report_draw_option"))] : []),
    ],
  );
  const method = html(
    "select",
    { name: "method", "aria-label": t("report_method"), required: true },
    [
      html("option", { value: "" }, t("choose_method")),
      ...(config.report_methods ?? []).map((m) => html("option", { value: m.value }, m.label)),
    ],
  );
  winner.addEventListener("change", () => {
    method.disabled = winner.value === "draw";
  });
  const form = html(
    "form",
    { class: "report-form", dataset: { seat } },
    html("label", {}, t("report_winner"), " ", winner),
    html("label", {}, t("report_method"), " ", method),
    html("button", { type: "submit", class: "button" }, t("submit_report")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    connectionFor(seat)?.reportResult(winner.value, winner.value === "draw" ? "draw_agreed" : method.value);
  });
  return form;
}

function drawResult() {
  const finished = view.status === "finished";
  if (view.status === "pending" || view.status === "aborted") {
    resultSection.hidden = true;
    return;
  }
  resultSection.hidden = false;
  const parts = [];
  const reports = view.otb?.reports ?? {};
  if (finished && view.result) {
    parts.push(
      html(
        "p",
        { class: "otb__final", dataset: { winner: view.result.winner, method: view.result.method } },
        ...(view.result.winner === "draw"
          ? [t("draw_result")]
          : [
              view.result.winner === "none" ? t("no_winner") : t("winner_is", { side: seatLabel(view.result.winner) }),
              " ",
              t("method_is", { method: methodName(view.result) }),
            ]),
      ),
    );
  }
  for (const seat of ["red", "blue"]) {
    if (reports[seat]) parts.push(html("p", { class: "otb__report", dataset: { seat } }, claimText(seat)));
  }
  if (!finished && view.status === "running" && !view.clock.flagged) {
    // Always open: each seat this page acts for reports from its own box.
    for (const seat of mySeats()) {
      if (reports[seat]) continue;
      const heading = reportToConfirm(seat) ? t("report_other") : t("report_result");
      parts.push(
        html(
          "div",
          { class: `report-box report-box--${seat}` },
          html("h3", {}, `${heading} · ${seatLabel(seat)}`),
          reportForm(seat),
        ),
      );
    }
  }
  resultBody.replaceChildren(...parts);
}

function draw() {
  if (!view) return;
  root.dataset.status = view.status;
  root.dataset.ply = String(view.ply);
  root.dataset.running = view.clock.running ?? "";
  root.dataset.flagged = view.clock.flagged ?? "";
  for (const seat of ["red", "blue"]) {
    const area = pressAreas[seat];
    area.disabled = !canPress(seat);
    area.classList.toggle("is-running", view.clock.running === seat && view.clock.ticking);
    area.classList.toggle("is-flagged", view.clock.flagged === seat || (view.result?.method === "timeout" && view.result.winner === otherSide(seat)));
  }
  const me = view.seat !== null || Object.keys(seatConnections).length > 0 || config.arbiter;
  pauseButton.hidden = !(view.status === "running" && me && !hasReports());
  pauseButton.textContent = view.clock.paused ? t("resume") : t("pause");
  statusLine.textContent = statusText();
  drawConfirmPanel();
  drawResult();
}

for (const seat of ["red", "blue"]) {
  pressAreas[seat].addEventListener("click", () => press(seat));
}

pauseButton.addEventListener("click", () => {
  if (view?.clock.paused) primary.resume();
  else primary.pause();
});

swapButton.addEventListener("click", () => {
  root.dataset.top = root.dataset.top === "blue" ? "red" : "blue";
});

primary.connect();
for (const conn of Object.values(seatConnections)) if (conn !== primary) conn.connect();
