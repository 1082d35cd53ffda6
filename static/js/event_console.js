// The event console, live: the arbiter's event socket sends a data-free {type: "boards"} frame
// whenever a match of the event changes; the page then refetches the server-rendered boards.
// It also refetches when the next deadline passes (data-next-change-ms, so a forfeit control
// appears on time) and every data-refresh-ms (presence changes announce nothing to the event).
// Between refetches the running clocks count down here from the server's snapshot.

import { openEventSocket } from "./event_socket.js";
import { formatClock } from "./i18n.js";

const MIN_GAP_MS = 500; // at most two refetches a second, however many boards change
const TICK_MS = 100;

function start(container) {
  const url = container.dataset.boardsUrl;
  const eventId = container.dataset.eventId;
  const refreshMs = Number(container.dataset.refreshMs) || 15000;
  let fetchedAt = performance.now();
  let fetching = false;
  let again = false;
  let lastFetch = 0;
  let deadlineTimer = null;

  function tick() {
    const boards = container.querySelector("#event-boards");
    if (!boards) return;
    const low = Number(boards.dataset.lowMs) || 60000;
    const elapsed = performance.now() - fetchedAt;
    boards.querySelectorAll("[data-clock-seat]").forEach((cell) => {
      const ms = Number(cell.dataset.ms) - ("ticking" in cell.dataset ? elapsed : 0);
      cell.textContent = formatClock(ms);
      cell.classList.toggle("is-low", "ticking" in cell.dataset && ms < low);
      cell.classList.toggle("is-out", ms <= 0);
    });
  }

  function scheduleDeadline() {
    window.clearTimeout(deadlineTimer);
    const boards = container.querySelector("#event-boards");
    const next = boards ? boards.dataset.nextChangeMs : "";
    if (next !== "" && next !== undefined) {
      deadlineTimer = window.setTimeout(refresh, Math.max(Number(next), 0) + 250);
    }
  }

  function editing() {
    const active = document.activeElement;
    return active && container.contains(active) && active.matches("input, select, textarea");
  }

  async function refresh() {
    if (fetching) {
      again = true;
      return;
    }
    if (editing()) {
      // Never swap a form the arbiter is filling in: try again once it has been left.
      window.setTimeout(refresh, 1000);
      return;
    }
    const wait = lastFetch + MIN_GAP_MS - performance.now();
    if (wait > 0) {
      fetching = true;
      await new Promise((resolve) => window.setTimeout(resolve, wait));
    }
    fetching = true;
    lastFetch = performance.now();
    try {
      const response = await fetch(url, {
        headers: { "X-Requested-With": "fetch" },
        cache: "no-store",
      });
      if (response.ok) {
        const html = await response.text();
        container.innerHTML = html;
        fetchedAt = performance.now();
        tick();
        scheduleDeadline();
        document.documentElement.dataset.boardsVersion = String(
          Number(document.documentElement.dataset.boardsVersion || 0) + 1,
        );
      }
    } catch {
      // the next nudge or the periodic refresh tries again
    } finally {
      fetching = false;
      if (again) {
        again = false;
        refresh();
      }
    }
  }

  container.addEventListener("submit", (event) => {
    const form = event.target.closest("form[data-confirm]");
    if (form && !window.confirm(form.dataset.confirm)) event.preventDefault();
  });
  window.setInterval(tick, TICK_MS);
  window.setInterval(refresh, refreshMs);
  scheduleDeadline();
  tick();
  openEventSocket(
    eventId,
    (frame) => {
      if (frame.type === "boards") refresh();
    },
    refresh,
  );
}

document.querySelectorAll("[data-boards-url]").forEach(start);
