"""Games outside events: the Play page, the lobby of open seeks and challenges (docs/play.md)."""
