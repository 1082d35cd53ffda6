/**
 * Translated strings for the browser side.
 *
 * The server renders every label the scripts need into a JSON script element
 * (`{{ ui|json_script:"gunshi-ui" }}` in the page templates), already translated into the
 * page language by Django. The scripts never hold user-facing text of their own.
 */

let cache = null;

/** The page's configuration object (labels, board geometry, URLs). */
export function uiConfig() {
  if (cache === null) {
    const element = document.getElementById("gunshi-ui");
    cache = element ? JSON.parse(element.textContent) : { labels: {} };
  }
  return cache;
}

/**
 * The label `key`, with `{name}` placeholders replaced from `params`.
 * An unknown key falls back to the key itself, so a missing label is visible, never fatal.
 */
export function t(key, params = {}) {
  const text = uiConfig().labels[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * How a match ended, in the page's language. Broadcast views are computed once for everybody,
 * so their `method_label` may be in another language than this page: use our own label.
 */
export function methodName(result) {
  const key = `method_${result.method}`;
  return Object.hasOwn(uiConfig().labels, key) ? t(key) : result.method_label ?? result.method;
}

/** `mm:ss` (or `h:mm:ss`) for a number of milliseconds; tenths under ten seconds. */
export function formatClock(ms) {
  const clamped = Math.max(0, ms);
  if (clamped < 10_000) {
    const tenths = Math.floor(clamped / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.ceil(clamped / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`
    : `${minutes}:${seconds}`;
}
