/**
 * The board's start panel (templates/matches/_start_panel.html) while a game waits to start.
 *
 * The panel itself is plain forms. This script only follows the live board: the board script
 * keeps the game's status in `#live[data-status]` from the socket, so when the game starts
 * (the opponent joined, or the arbiter started it) the panel goes away without a reload; when
 * the opponent joins first, the page reloads once to show it.
 */

const live = document.getElementById("live");
const panel = document.getElementById("start-panel");

if (live && panel) {
  const follow = () => {
    const status = live.dataset.status;
    if (status && status !== "pending") panel.hidden = true;
  };
  new MutationObserver(follow).observe(live, { attributes: true, attributeFilter: ["data-status"] });
  follow();
}
