/**
 * The turn signal of the live board: while it is the player's turn the tab's title starts with
 * a marker ("● Your turn") and the favicon shows a dot, so a player in another tab sees it.
 */

export class TurnSignal {
  /** prefix: the translated title marker; faviconUrl: the icon shown on the player's turn. */
  constructor({ prefix, faviconUrl }) {
    this.prefix = prefix;
    this.faviconUrl = faviconUrl;
    this.title = document.title;
    this.icon = document.querySelector("link[rel~=icon]");
    this.iconUrl = this.icon?.getAttribute("href") ?? null;
    this.on = false;
  }

  /** Show or clear the signal; returns true when it has just been switched on. */
  set(on) {
    const changed = on !== this.on;
    this.on = on;
    if (!changed) return false;
    document.title = on ? `${this.prefix} · ${this.title}` : this.title;
    if (this.icon && this.faviconUrl) this.icon.setAttribute("href", on ? this.faviconUrl : this.iconUrl);
    document.documentElement.dataset.turn = on ? "yours" : "";
    return on;
  }
}
