// Session clocks of ranked tables (三国盛衰記): each [data-session-ends] element holds the
// server's end time of its table's session; this only counts down to it (H:MM:SS). The end
// time is the authority: the page never decides anything from the countdown. Elements swapped
// in by live updates are found on the next tick.

function format(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(r).padStart(2, "0")}`;
}

function tick() {
  const now = Date.now();
  for (const clock of document.querySelectorAll("[data-session-ends]")) {
    const ends = Date.parse(clock.dataset.sessionEnds);
    const out = clock.querySelector("[data-session-remaining]");
    if (Number.isNaN(ends) || !out) continue;
    const left = (ends - now) / 1000;
    out.textContent = format(left);
    clock.classList.toggle("session-clock--over", left <= 0);
  }
}

tick();
window.setInterval(tick, 1000);
