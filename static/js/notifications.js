/**
 * The notification bell of a signed-in header (#bell, components/bell.html): base.html loads
 * this module when the page has one.
 *
 * The bell listens to the page's one socket to ws/me/, which callup.js keeps and passes on as
 * "player-socket" events: a {type: "notified"} frame (a new notification, or notifications
 * read on another page) or a reconnection makes the page fetch the bell again, rendered and
 * translated by the server (data-fragment), and swap it in, keeping the panel open if it was.
 * The panel closes on Escape and on a click elsewhere.
 *
 * No words live here: every text comes from the server's fragment.
 */

import { fragmentRefresher } from "./fragment.js";

const root = document.getElementById("bell");

function menu() {
  return root.querySelector("details");
}

const refresh = fragmentRefresher(
  () => `${root.dataset.fragment}?${new URLSearchParams({ path: window.location.pathname + window.location.search })}`,
  (html) => {
    const wasOpen = Boolean(menu()?.open);
    root.innerHTML = html;
    const details = menu();
    if (details && wasOpen) details.open = true;
    root.dataset.unread = details ? details.dataset.unread : "0";
    root.dataset.version = String(Number(root.dataset.version || 0) + 1);
  },
);

function wireClosing() {
  document.addEventListener("click", (event) => {
    const details = menu();
    if (details?.open && !root.contains(event.target)) details.open = false;
  });
  document.addEventListener("keydown", (event) => {
    const details = menu();
    if (event.key === "Escape" && details?.open) {
      details.open = false;
      details.querySelector("summary")?.focus();
    }
  });
}

if (root && root.dataset.fragment) {
  root.dataset.unread = menu()?.dataset.unread ?? "0";
  wireClosing();
  window.addEventListener("player-socket", (event) => {
    const type = event.detail?.type;
    if (type === "notified" || type === "reconnected") refresh();
  });
}
