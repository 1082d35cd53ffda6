/**
 * Refetching a server-rendered fragment after a socket's nudge, one request at a time: a nudge
 * that arrives while a fetch runs asks for one more fetch when it ends (never a pile of them).
 * Used by the live event pages (tournaments.js) and the player's call banner (callup.js).
 */

/** Returns `refresh()`: fetch `url()` and hand the HTML to `apply(html)` (failures are quiet). */
export function fragmentRefresher(url, apply) {
  let fetching = null;
  let again = false;

  function refresh() {
    if (fetching) {
      again = true;
      return;
    }
    fetching = fetch(url(), { headers: { "X-Requested-With": "fetch" }, cache: "no-store", credentials: "same-origin" })
      .then((response) => (response.ok ? response.text() : null))
      .then((html) => {
        if (html !== null) apply(html);
      })
      .catch(() => {})
      .finally(() => {
        fetching = null;
        if (again) {
          again = false;
          refresh();
        }
      });
  }

  return refresh;
}
