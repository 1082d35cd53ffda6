/**
 * The board's start panel (templates/matches/_start_panel.html) while a game waits to start.
 *
 * The panel itself is plain forms. This script only follows the live board: the board script
 * keeps the game's status in `#live[data-status]` from the socket, so when the game starts
 * (the opponent joined, or the arbiter started it) the panel goes away without a reload, and
 * so does the flash message that said to wait for the opponent (tagged `start-pending` by
 * matches/views_start.py): it is no longer true.
 */

const live = document.getElementById("live");
const panel = document.getElementById("start-panel");

if (live && panel) {
  const follow = () => {
    const status = live.dataset.status;
    if (!status || status === "pending") return;
    panel.hidden = true;
    for (const message of document.querySelectorAll('.message[data-tags~="start-pending"]')) {
      const list = message.parentElement;
      message.remove();
      if (list && !list.children.length) list.remove();
    }
  };
  new MutationObserver(follow).observe(live, { attributes: true, attributeFilter: ["data-status"] });
  follow();
}
