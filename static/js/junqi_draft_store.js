/**
 * A seat's unfinished 軍棋 set-up, kept in the browser's localStorage so that a reload (or a
 * browser restarted on the same device) finds the pieces where the player left them.
 *
 * Client-side on purpose: the draft holds only the player's own pieces, so it leaks nothing;
 * it needs no request per placement and no new server state while the shared set-up countdown
 * runs; and it is forgotten as soon as the set-up is submitted or the set-up phase is over.
 * The key names the match and the seat, so two games (or both seats of a test on one browser)
 * never share a draft.
 */

function key(matchId, side) {
  return `gunshi:junqi-setup:${matchId}:${side}`;
}

/** The stored draft of `side` in match `matchId` (`{placed, byHand}`), or null. */
export function loadDraft(matchId, side) {
  try {
    const text = window.localStorage.getItem(key(matchId, side));
    return text ? JSON.parse(text) : null;
  } catch {
    return null; // storage refused (private mode, quota) or a damaged entry: start afresh
  }
}

/** Keep `draft` (a SetupDraft); an empty draft removes the entry. */
export function saveDraft(matchId, draft) {
  try {
    if (draft.placed.size === 0) window.localStorage.removeItem(key(matchId, draft.side));
    else window.localStorage.setItem(key(matchId, draft.side), JSON.stringify(draft));
  } catch {
    // Storage refused: the draft still lives in the page, it just does not survive a reload.
  }
}

/** Forget the draft of `side` (submitted, or the set-up is over). */
export function forgetDraft(matchId, side) {
  try {
    window.localStorage.removeItem(key(matchId, side));
  } catch {
    // nothing stored
  }
}
