// Live tournament pages: a WebSocket per event tells the page when its fragment changed; the page
// then refetches the fragment over HTTP (served from the cache) and swaps it in. Frames carry no
// data, only {type: "changed", version, what}, so nothing the page could not show ever arrives.

import { fragmentRefresher } from "./fragment.js";

const RETRY_MS = [1000, 2000, 5000, 10000];

function connect(container) {
  const eventId = container.dataset.liveEvent;
  const url = container.dataset.liveFragment;
  const status = document.querySelector("[data-live-status]");
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  let attempt = 0;
  const refresh = fragmentRefresher(
    () => url,
    (html) => {
      container.innerHTML = html;
      container.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
    },
  );

  function open() {
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws/events/${eventId}/`);
    socket.addEventListener("open", () => {
      if (attempt > 0) refresh(); // we may have missed changes while disconnected
      attempt = 0;
      if (status) status.hidden = false;
      document.documentElement.dataset.live = "connected";
    });
    socket.addEventListener("message", (message) => {
      const frame = JSON.parse(message.data);
      if (frame.type === "changed") refresh();
    });
    socket.addEventListener("close", () => {
      if (status) status.hidden = true;
      document.documentElement.dataset.live = "disconnected";
      const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
      attempt += 1;
      window.setTimeout(open, delay);
    });
  }

  open();
}

document.querySelectorAll("[data-live-fragment]").forEach(connect);

document.querySelectorAll("form[data-confirm]").forEach((form) => {
  form.addEventListener("submit", (event) => {
    if (!window.confirm(form.dataset.confirm)) event.preventDefault();
  });
});
