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
 * Callbacks: `onView(view, {receivedAt})` after every change, `onPresence(view)`,
 * `onError({code, message, ply})`, `onConnection(state)` with state "connecting", "open",
 * "closed" or "refused" (bad seat link or unknown match: no retry).
 */

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 8000;
const CLOSE_BAD_TOKEN = 4403;
const CLOSE_NOT_FOUND = 4404;
const MAX_LAG_MS = 2000;

export class MatchConnection {
  constructor({ path, token = "", onView, onPresence, onError, onConnection }) {
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
      case "error":
        this.pendingSince = null;
        if (frame.code === "stale_ply") this.requestSnapshot();
        this.onError(frame);
        break;
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
    this.onView(this.view, { receivedAt: this.receivedAt });
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
    if (sent) this.pendingSince = performance.now();
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
