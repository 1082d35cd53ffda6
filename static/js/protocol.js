/**
 * The match WebSocket protocol (docs/protocol.md §3), and nothing else.
 *
 * One `MatchConnection` per page keeps the latest match view: the `snapshot` sent on connect
 * (and on request) replaces everything; every `update` replaces the view's parts and appends
 * the new history entries. A client that missed a frame (an update whose `history_from` is
 * beyond the next expected entry) asks for a fresh snapshot, as does one told `stale_ply`.
 * When the socket drops it reconnects with a growing delay; the server answers each new
 * connection with a snapshot, so nothing is lost.
 *
 * A frame can also be lost without a gap to show it (the server's channel layer lost its
 * subscription, a proxy dropped a frame): the connection keeps its own expectation of when it
 * must hear from the server — the running clock passing zero (the server then records the flag
 * within about a second), its own decision coming back — and asks for a snapshot when that
 * moment passes in silence, as it does for an error frame from a newer ply than its view
 * (docs/protocol.md, "Resynchronising").
 *
 * Callbacks: `onView(view, {receivedAt})` after every change, `onPresence(view)`,
 * `onError({code, message, ply})`, `onConnection(state)` with state "connecting", "open",
 * "closed" or "refused" (bad seat link or unknown match: no retry).
 */

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 8000;
const CLOSE_BAD_TOKEN = 4403;
const CLOSE_NOT_FOUND = 4404;
const MAX_LAG_MS = 2000;
/** How long after the running clock reaches zero the flag must have been announced. */
export const FLAG_GRACE_MS = 2000;
/** How long the update of our own decision may take. */
export const ANSWER_MS = 5000;
/** The longest extra wait between snapshot requests while the silence goes on. */
const MAX_EXTRA_WAIT_MS = 30000;

export class MatchConnection {
  constructor({ path, token = "", onView, onPresence, onError, onConnection, graceMs = FLAG_GRACE_MS, answerMs = ANSWER_MS }) {
    this.path = path;
    this.token = token;
    this.onView = onView ?? (() => {});
    this.onPresence = onPresence ?? (() => {});
    this.onError = onError ?? (() => {});
    this.onConnection = onConnection ?? (() => {});
    this.view = null;
    this.receivedAt = 0;
    this.socket = null;
    this.retryMs = RETRY_MIN_MS;
    this.closedByPage = false;
    this.pendingSince = null; // when the last decision was sent (for the lag estimate)
    this.lagMs = 0;
    this.graceMs = graceMs;
    this.answerMs = answerMs;
    this.expectTimer = null;
    this.missedExpectations = 0; // snapshot requests in a row that changed nothing
    this.lastState = "";
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return `${scheme}://${window.location.host}${this.path}${query}`;
  }

  connect() {
    this.closedByPage = false;
    this.onConnection("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retryMs = RETRY_MIN_MS;
      this.onConnection("open");
    });
    socket.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      this.handle(frame);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      window.clearTimeout(this.expectTimer); // the next connection's snapshot arms it again
      if (event.code === CLOSE_BAD_TOKEN || event.code === CLOSE_NOT_FOUND) {
        this.onConnection("refused", event.code);
        return;
      }
      if (this.closedByPage) return;
      this.onConnection("closed");
      window.setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    });
  }

  close() {
    this.closedByPage = true;
    this.socket?.close();
  }

  // ------------------------------------------------------------------ incoming frames

  handle(frame) {
    switch (frame.type) {
      case "snapshot":
        this.view = frame.view;
        this.changed();
        break;
      case "update":
        this.applyUpdate(frame);
        break;
      case "presence":
        if (this.view) {
          this.view.presence = { ...this.view.presence, [frame.seat]: frame.connected };
          this.onPresence(this.view);
        }
        break;
      case "error": {
        this.pendingSince = null;
        // Every error carries the match's current ply: one newer than ours means we are behind.
        const behind = this.view !== null && typeof frame.ply === "number" && frame.ply > this.view.ply;
        if (frame.code === "stale_ply" || behind) this.requestSnapshot();
        this.onError(frame);
        break;
      }
      default:
        break;
    }
  }

  applyUpdate(frame) {
    const update = frame.view;
    if (!this.view) {
      this.requestSnapshot();
      return;
    }
    if (frame.ply < this.view.ply) return; // an old frame overtaken by a newer one
    const history = this.view.history;
    const lastPly = history.length ? history[history.length - 1].ply : 0;
    // A frame went missing when the update's history does not continue ours (online), or
    // when its ply jumps by more than one (over the board, where there is no history).
    const gap =
      update.kind === "otb"
        ? frame.ply > this.view.ply + 1
        : (update.history_from ?? lastPly + 1) > lastPly + 1;
    if (gap) {
      this.requestSnapshot(); // start again from a snapshot
      return;
    }
    const added = (update.history ?? []).filter((entry) => entry.ply > lastPly);
    if (frame.ply > this.view.ply && this.pendingSince !== null) {
      // Half the round trip of our own decision: the transit-time estimate sent as lag_ms.
      this.lagMs = Math.min(MAX_LAG_MS, Math.round((performance.now() - this.pendingSince) / 2));
      this.pendingSince = null;
    }
    this.view = { ...update, history: [...history, ...added] };
    this.changed();
  }

  changed() {
    this.receivedAt = performance.now();
    const state = `${this.view.ply}/${this.view.status}`;
    if (state !== this.lastState) this.missedExpectations = 0;
    this.lastState = state;
    this.expectNews();
    this.onView(this.view, { receivedAt: this.receivedAt });
  }

  // ------------------------------------------------------------ expecting the server

  /** The milliseconds until this board must have heard from the server, or null. */
  newsDueInMs() {
    const waits = [];
    const clock = this.view?.clock;
    if (this.view?.status === "running" && clock?.ticking && clock.running && !clock.paused) {
      const left = clock.remaining_ms?.[clock.running];
      if (typeof left === "number") waits.push(Math.max(0, left) - (performance.now() - this.receivedAt) + this.graceMs);
    }
    if (this.pendingSince !== null) waits.push(this.pendingSince + this.answerMs - performance.now());
    return waits.length ? Math.max(0, Math.min(...waits)) : null;
  }

  /** Arm the one timer for the moment the server must have spoken (after every change). */
  expectNews() {
    window.clearTimeout(this.expectTimer);
    this.expectTimer = null;
    const due = this.newsDueInMs();
    if (due === null) return;
    const extra = Math.min(MAX_EXTRA_WAIT_MS, this.graceMs * 2 * this.missedExpectations);
    this.expectTimer = window.setTimeout(() => this.expectationMissed(), due + extra);
  }

  /** The moment passed in silence: a frame was lost somewhere; start again from a snapshot. */
  expectationMissed() {
    this.expectTimer = null;
    this.missedExpectations += 1;
    this.pendingSince = null;
    this.requestSnapshot();
  }

  // ------------------------------------------------------------------ outgoing requests

  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  requestSnapshot() {
    return this.send({ type: "snapshot" });
  }

  /** Submit one decision chosen in the view of `ply`. */
  action(text, ply) {
    const sent = this.send({ type: "action", action: text, ply, lag_ms: this.lagMs });
    if (sent) {
      this.pendingSince = performance.now();
      this.expectNews();
    }
    return sent;
  }

  resign() {
    return this.send({ type: "resign" });
  }

  claimFlag() {
    return this.send({ type: "claim_flag" });
  }

  press(seat, ply) {
    return this.send({ type: "press", seat, ply, lag_ms: 0 });
  }

  pause() {
    return this.send({ type: "pause" });
  }

  resume() {
    return this.send({ type: "resume" });
  }

  reportResult(winner, method) {
    return this.send({ type: "report_result", winner, method });
  }

  confirmResult() {
    return this.send({ type: "confirm_result" });
  }
}
