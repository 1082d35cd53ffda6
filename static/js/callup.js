/**
 * Calling the player to their games, on every page of a signed-in player (and on the page of an
 * entry's private link): base.html loads this module when the page has a call banner (#callup).
 *
 * The page keeps one socket to its player's channel (#callup's data-socket: ws/me/ or
 * ws/play/<token>/), reconnecting with growing pauses. A frame says only "something changed for
 * you" ({type: "called"}); the page then fetches its call banner, rendered and translated by the
 * server (data-fragment), and swaps it in. Each call in it names its state (data-call): a key the
 * page has not seen yet is news, and the page
 *
 *   - marks the tab's title with the call's title (data-call-title, e.g. "● Your game is ready"),
 *   - plays the "call" sound if the player switched sound on (sound.js, remembered per browser),
 *   - shows a browser notification when the tab is in the background and the player allowed
 *     them (asked only from a click on a [data-callup-notify] button),
 *   - on a finished board, shows the "next game" link (#next-game) to the new game's board.
 *
 * The same socket carries the user's notifications (ws/me/ also sends {type: "notified"}): every
 * frame, and a reconnection ({type: "reconnected"}), is passed on to the page as a
 * "player-socket" event on window, which the bell (notifications.js) listens to, so a page keeps
 * one socket for both.
 *
 * No words live here: every text comes from the server's fragment or the page's own markup.
 */

import { fragmentRefresher } from "./fragment.js";
import { Sound } from "./sound.js";

const RETRY_MS = [1000, 2000, 5000, 10000, 30000];
const root = document.getElementById("callup");

function callsIn(element) {
  return Array.from(element.querySelectorAll("[data-call]"));
}

function keysIn(element) {
  return new Set(callsIn(element).map((call) => call.dataset.call));
}

const sound = new Sound();
const title = { base: document.title, marked: null };

function markTitle(call) {
  const text = `● ${call.dataset.callTitle}`;
  const base = document.title === title.marked ? title.base : document.title;
  title.base = base;
  title.marked = `${text} · ${base}`;
  document.title = title.marked;
  document.documentElement.dataset.called = call.dataset.call;
}

function clearTitle() {
  if (title.marked !== null && document.title === title.marked) document.title = title.base;
  title.marked = null;
  delete document.documentElement.dataset.called;
}

function notify(call) {
  if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
  const text = call.querySelector("[data-call-text]");
  const notice = new Notification(call.dataset.callTitle, {
    body: text ? text.textContent.trim() : "",
    tag: call.dataset.call,
  });
  notice.addEventListener("click", () => {
    window.focus();
    if (call.dataset.callUrl) window.location.assign(call.dataset.callUrl);
    notice.close();
  });
  document.documentElement.dataset.lastNotification = call.dataset.call;
}

/** On a finished board: the link to the player's next game, once there is one. */
function showNextGame() {
  const slot = document.getElementById("next-game");
  const board = document.getElementById("live");
  if (!slot || !board) return;
  const next = callsIn(root).find(
    (call) => call.dataset.callMatch && call.dataset.callMatch !== board.dataset.match,
  );
  const link = slot.querySelector("a");
  if (next && link) {
    link.href = next.dataset.callUrl;
    slot.hidden = false;
  } else {
    slot.hidden = true;
  }
}

let known = root ? keysIn(root) : new Set();

function answer(fresh) {
  if (fresh.length === 0) {
    if (known.size === 0) clearTitle();
    return;
  }
  const call = fresh[0];
  markTitle(call);
  sound.play("call");
  notify(call);
}

const refresh = fragmentRefresher(
  () => `${root.dataset.fragment}?${new URLSearchParams({ path: window.location.pathname })}`,
  (html) => {
    root.innerHTML = html;
    const fresh = callsIn(root).filter((call) => !known.has(call.dataset.call));
    known = keysIn(root);
    answer(fresh);
    showNextGame();
    root.dataset.version = String(Number(root.dataset.version || 0) + 1);
  },
);

/** Hand a frame to the page's other listeners (the notification bell). */
function passOn(frame) {
  window.dispatchEvent(new CustomEvent("player-socket", { detail: frame }));
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  let attempt = 0;

  function open() {
    const socket = new WebSocket(`${scheme}://${window.location.host}${root.dataset.socket}`);
    socket.addEventListener("open", () => {
      if (attempt > 0) {
        refresh(); // calls may have come while the socket was down
        passOn({ type: "reconnected" });
      }
      attempt = 0;
      root.dataset.socketState = "open";
    });
    socket.addEventListener("message", (message) => {
      let frame = null;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return;
      }
      if (!frame || typeof frame.type !== "string") return;
      if (frame.type === "called") refresh();
      passOn(frame);
    });
    socket.addEventListener("close", (event) => {
      root.dataset.socketState = "closed";
      if (event.code === 4401 || event.code === 4404) return; // signed out, or the link is gone
      const pause = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
      attempt += 1;
      window.setTimeout(open, pause * (0.75 + Math.random() / 2));
    });
  }

  open();
}

/** The buttons a page offers next to its sound switch: notifications, and sound for calls. */
function wireControls() {
  const supported = "Notification" in window;
  const drawNotify = () => {
    const state = supported ? Notification.permission : "unsupported";
    document.querySelectorAll("[data-callup-notify]").forEach((button) => {
      button.hidden = state !== "default";
    });
    document.querySelectorAll("[data-callup-notify-state]").forEach((note) => {
      note.hidden = note.dataset.callupNotifyState !== state;
    });
  };
  document.querySelectorAll("[data-callup-notify]").forEach((button) => {
    button.addEventListener("click", () => {
      if (supported) Notification.requestPermission().then(drawNotify, drawNotify);
    });
  });
  drawNotify();

  const drawSound = () => {
    document.querySelectorAll("[data-callup-sound]").forEach((button) => {
      button.setAttribute("aria-pressed", String(sound.enabled));
    });
  };
  document.querySelectorAll("[data-callup-sound]").forEach((button) => {
    button.addEventListener("click", () => {
      sound.toggle();
      drawSound();
    });
  });
  drawSound();
}

if (root && root.dataset.socket && root.dataset.fragment) {
  showNextGame();
  wireControls();
  connect();
}
