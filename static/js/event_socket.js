// The event's WebSocket (ws/events/<id>/), kept open: reconnects with a growing delay, shows
// the page's [data-live-status] while connected and sets <html data-live>. Frames carry no
// data, only what changed; onFrame gets each one, onReopen runs after a reconnection (changes
// may have been missed meanwhile).

const RETRY_MS = [1000, 2000, 5000, 10000];

export function openEventSocket(eventId, onFrame, onReopen) {
  const status = document.querySelector("[data-live-status]");
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  let attempt = 0;

  function open() {
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws/events/${eventId}/`);
    socket.addEventListener("open", () => {
      if (attempt > 0) onReopen();
      attempt = 0;
      if (status) status.hidden = false;
      document.documentElement.dataset.live = "connected";
    });
    socket.addEventListener("message", (message) => onFrame(JSON.parse(message.data)));
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
