// The Play page and a creator's challenge page (docs/play.md). The lobby socket (ws/lobby/)
// sends no data: {type: "lobby"} or {type: "mine"} says the lists changed, and the page
// refetches them over HTTP; {type: "started", url} says a game of this player has just started
// from one of their offers, and the page opens its board. The socket reconnects with a growing
// delay and refetches after a reconnection (nudges may have been missed meanwhile).
//
// The create form shows the fields that apply to the chosen game, kind and time control; without
// scripts every field shows and the server ignores the ones that do not apply.

import { fragmentRefresher } from "./fragment.js";

const RETRY_MS = [1000, 2000, 5000, 10000];

function openLobbySocket(onFrame, onReopen) {
  const status = () => document.querySelector("[data-live-status]");
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  let attempt = 0;

  function open() {
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws/lobby/`);
    socket.addEventListener("open", () => {
      if (attempt > 0) onReopen();
      attempt = 0;
      const badge = status();
      if (badge) badge.hidden = false;
      document.documentElement.dataset.live = "connected";
    });
    socket.addEventListener("message", (message) => onFrame(JSON.parse(message.data)));
    socket.addEventListener("close", () => {
      const badge = status();
      if (badge) badge.hidden = true;
      document.documentElement.dataset.live = "disconnected";
      const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
      attempt += 1;
      window.setTimeout(open, delay);
    });
  }

  open();
}

function sameOriginPath(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//");
}

const lists = document.getElementById("play-lists");
const refresh = lists
  ? fragmentRefresher(
      () => lists.dataset.listsUrl,
      (html) => {
        lists.innerHTML = html;
        const badge = lists.querySelector("[data-live-status]");
        if (badge) badge.hidden = document.documentElement.dataset.live !== "connected";
        lists.dataset.version = String(Number(lists.dataset.version || "0") + 1);
      },
    )
  : () => {};

openLobbySocket((frame) => {
  if (frame.type === "started" && sameOriginPath(frame.url)) {
    window.location.assign(frame.url);
  } else if (frame.type === "lobby" || frame.type === "mine") {
    refresh();
  }
}, refresh);

// ---- the create form: only the fields that apply
// The Play page's form, or the "Play the computer" form (the same fields, less mode and opponent).
const form = document.getElementById("seek-form") || document.getElementById("computer-form");

function checked(name) {
  const input = form.querySelector(`input[name="${name}"]:checked`);
  return input ? input.value : "";
}

function showFields() {
  const game = form.querySelector('select[name="game"]').value;
  const shown = {
    variant: game === "gunshi",
    junqi_variants: game === "junqi",
    time_control_custom: checked("time_preset") === "custom",
    opponent: checked("kind") === "direct",
  };
  for (const [name, visible] of Object.entries(shown)) {
    const field = form.querySelector(`[data-field="${name}"]`);
    // A field with an error stays visible, so the player sees what to fix.
    if (field) field.hidden = !visible && !field.classList.contains("has-error");
  }
}

// A newly chosen game brings its recommended time control (軍棋: 10+5) as long as the player
// has not picked one themselves.
let clockPicked = false;

function followGame(event) {
  if (event.target.name === "time_preset") clockPicked = true;
  if (event.target.name !== "game" || clockPicked) return;
  const recommended = JSON.parse(event.target.dataset.recommended || "{}")[event.target.value];
  const preset = recommended && form.querySelector(`input[name="time_preset"][value="${recommended}"]`);
  if (preset) {
    preset.checked = true;
  } else if (recommended) {
    form.querySelector('input[name="time_preset"][value="custom"]').checked = true;
    form.querySelector('input[name="time_control_custom"]').value = recommended;
  }
}

if (form) {
  form.addEventListener("change", (event) => {
    followGame(event);
    showFields();
  });
  showFields();
}
