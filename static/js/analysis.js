/**
 * The analysis panel of a game record (templates/analysis/_panel.html, docs/analysis.md).
 *
 * While a job is queued or running it listens on ws/analysis/<match id>/ and moves the
 * progress bar with each frame ({type: "progress", status, done, total}); when the job is done
 * it reloads the page, whose server-rendered graph then appears. Once done, it marks the
 * turning points and the computer's better alternatives in the replay's move list (which
 * static/js/replay.js builds and rebuilds), and a click on a point of the graph or on a
 * listed decision shows that decision in the replay ("replay:go", without reloading).
 * Every text comes from the page (#analysis-config): the script has none of its own.
 */

const RETRY_MS = [1000, 2000, 5000, 10000];
const panel = document.getElementById("analysis");
const configElement = document.getElementById("analysis-config");
const config = configElement ? JSON.parse(configElement.textContent) : null;

function format(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

function showProgress(frame) {
  const bar = document.getElementById("analysis-progress");
  const state = panel.querySelector("[data-analysis-state]");
  if (bar) {
    bar.max = Math.max(1, frame.total);
    bar.value = frame.done;
    bar.textContent = `${frame.percent} %`;
  }
  panel.dataset.status = frame.status;
  if (state && config.labels[frame.status]) state.textContent = format(config.labels[frame.status], frame);
  if (frame.status === "done" || frame.status === "failed") window.location.reload();
}

function listen(attempt = 0) {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${window.location.host}${config.ws_path}`);
  let finished = false;
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data);
    if (frame.type !== "progress") return;
    attempt = 0;
    if (frame.status === "done" || frame.status === "failed") finished = true;
    showProgress(frame);
  });
  socket.addEventListener("close", () => {
    if (finished) return;
    const pause = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
    window.setTimeout(() => listen(attempt + 1), pause);
  });
}

function markMoveList(list) {
  const turning = new Set(config.turning.map(String));
  for (const item of list.children) {
    const ply = item.dataset.ply;
    if (!ply || item.dataset.analysed) continue;
    item.dataset.analysed = "1";
    const alternative = config.alternatives[ply];
    if (turning.has(ply)) {
      item.classList.add("is-turning");
      const mark = document.createElement("span");
      mark.className = "move-list__analysis move-list__analysis--turning";
      mark.textContent = config.labels.turning;
      item.append(mark);
    }
    if (alternative) {
      const text = document.createElement("span");
      text.className = "move-list__analysis";
      text.textContent = format(config.labels.better, alternative);
      item.append(text);
    }
  }
}

function watchMoveList() {
  const list = document.getElementById("move-list");
  if (!list) return;
  markMoveList(list);
  new MutationObserver(() => markMoveList(list)).observe(list, { childList: true });
}

if (panel && config) {
  if (config.status === "queued" || config.status === "running") listen();
  if (config.status === "done") watchMoveList();
  panel.addEventListener("click", (event) => {
    const link = event.target.closest("[data-ply-link]");
    if (!link) return;
    event.preventDefault();
    const ply = Number(link.dataset.plyLink);
    document.dispatchEvent(new CustomEvent("replay:go", { detail: { ply } }));
    document.getElementById("record-viewer")?.scrollIntoView({ behavior: "smooth", block: "start" });
  });
}
