// Server times in the viewer's own time zone: every <time datetime data-local-time> is rewritten
// as the browser's local clock time (H:M:S, with milliseconds when data-local-time="ms"), and
// every [data-time-zone-note] names the browser's zone instead of the server's. Without script
// the page keeps the server's zone, which it names.

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function formatter(withMillis) {
  const options = { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" };
  if (withMillis) options.fractionalSecondDigits = 3;
  return new Intl.DateTimeFormat(document.documentElement.lang || undefined, options);
}

export function localiseTimes(root = document) {
  const plain = formatter(false);
  const precise = formatter(true);
  root.querySelectorAll("time[datetime][data-local-time]").forEach((element) => {
    const at = new Date(element.getAttribute("datetime"));
    if (Number.isNaN(at.getTime())) return;
    element.textContent = (element.dataset.localTime === "ms" ? precise : plain).format(at);
    element.title = element.getAttribute("datetime");
  });
  root.querySelectorAll("[data-time-zone-note][data-server-zone]").forEach((note) => {
    const server = note.dataset.serverZone;
    if (zone && server && zone !== server) {
      note.textContent = note.textContent.replace(server, zone);
    }
  });
}

localiseTimes();
