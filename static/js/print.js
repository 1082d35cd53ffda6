// Print pages: the "Print" button opens the browser's print dialog. A static file, not an
// inline handler, so that the Content-Security-Policy's script-src 'self' allows it.
for (const button of document.querySelectorAll("[data-print]")) {
  button.addEventListener("click", () => window.print());
}
