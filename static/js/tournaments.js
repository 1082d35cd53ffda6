// Live tournament pages: a WebSocket per event tells the page when its fragment changed; the page
// then refetches the fragment over HTTP (served from the cache) and swaps it in. Frames carry no
// data, only {type: "changed", version, what}, so nothing the page could not show ever arrives.

import { openEventSocket } from "./event_socket.js";
import { fragmentRefresher } from "./fragment.js";

function connect(container) {
  const eventId = container.dataset.liveEvent;
  const url = container.dataset.liveFragment;
  const refresh = fragmentRefresher(
    () => url,
    (html) => {
      container.innerHTML = html;
      container.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
    },
  );

  openEventSocket(
    eventId,
    (frame) => {
      if (frame.type === "changed") refresh();
    },
    refresh,
  );
}

document.querySelectorAll("[data-live-fragment]").forEach(connect);

document.querySelectorAll("form[data-confirm]").forEach((form) => {
  form.addEventListener("submit", (event) => {
    if (!window.confirm(form.dataset.confirm)) event.preventDefault();
  });
});
