"""The one error every pairing system raises when a round or bracket cannot be made.

Like the engine's errors, a :class:`PairingError` carries a stable ``code`` that the web layer
maps to a translated message; the English ``reason`` is for logs, tests and the organiser's
audit trail. ``players`` names the players the problem is about (possibly none), so a page can
highlight them.
"""

from __future__ import annotations

from tournaments.pairing.history import PlayerId


class PairingError(ValueError):
    """A round, table or bracket cannot be produced from the given input.

    Codes (see ``docs/pairing.md`` for when each is raised):

    ``invalid_round``
        The round number is not the next one to pair (or is below 1).
    ``round_incomplete``
        An earlier round still has a bout without a result.
    ``unknown_player``
        The history or the request names a player who is not an entrant.
    ``not_enough_players``
        Fewer than two players are available.
    ``no_opponent_left``
        Some players have already met every other available player.
    ``no_complete_pairing``
        No pairing of all available players avoids a rematch, although each player on their
        own still has someone to play.
    ``invalid_entrants``
        A bracket or a table was asked for an unsupported number of entrants, or the same
        entrant twice.
    ``invalid_result``
        A bracket result names a player who is not in that match, or a match that cannot
        have a result yet.
    """

    def __init__(self, code: str, reason: str, players: tuple[PlayerId, ...] = ()) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.players = players

    def __repr__(self) -> str:
        return f"PairingError(code={self.code!r}, reason={self.reason!r}, players={self.players!r})"
