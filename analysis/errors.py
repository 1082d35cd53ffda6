"""Why an analysis request is refused: stable codes, an HTTP status each, translated messages."""

from __future__ import annotations

from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

#: code -> (HTTP status, message).
REFUSALS: Final[dict[str, tuple[int, Promise]]] = {
    "sign_in": (401, _("Log in to analyse a game.")),
    "not_finished": (
        409,
        _("Only a finished game can be analysed: this one is not over yet."),
    ),
    "no_record": (404, _("This game has no record to analyse.")),
    "rate_limited": (
        429,
        _("You have asked for many analyses in a short time. Try again in a while."),
    ),
}


class AnalysisError(Exception):
    """A refused analysis request (``code`` is one of ``REFUSALS``)."""

    def __init__(self, code: str) -> None:
        if code not in REFUSALS:
            raise ValueError(f"unknown analysis refusal {code!r}")
        super().__init__(code)
        self.code = code

    @property
    def status(self) -> int:
        return REFUSALS[self.code][0]

    @property
    def message(self) -> str:
        return str(REFUSALS[self.code][1])
