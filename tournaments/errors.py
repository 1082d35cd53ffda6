"""The errors tournament services raise, with stable codes and translated messages.

Services raise :class:`TournamentError` with a ``code`` (and parameters); views show
:func:`message_for` of it. Pairing errors from the pure algorithms (``PairingError``) carry
their own codes and are translated here too, so the organiser reads why a round cannot be
paired in their language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.pairing.errors import PairingError

MESSAGES: dict[str, Promise] = {
    # permissions
    "not_allowed": _("You may not do this for this event."),
    "not_your_game": _("You can only report results for your own game."),
    # events
    "invalid_status_change": _("The event cannot go from “%(current)s” to “%(target)s”."),
    "event_locked": _("This cannot be changed once round 1 has been paired."),
    "invalid_tiebreak": _("Unknown tie-break “%(code)s”."),
    "duplicate_tiebreak": _("The tie-break “%(code)s” is listed twice."),
    "slug_taken": _("The short name “%(slug)s” is already used by another event."),
    "impossible_rounds": _(
        "%(rounds)s Swiss rounds are impossible with %(players)s players: "
        "at most %(maximum)s rounds can be played without a rematch."
    ),
    "invalid_top_cut": _("The top cut must be 4, 8 or 16 players."),
    "invalid_role": _("Unknown role."),
    "invalid_points": _("Points must be between 0 and 999.99."),
    "win_not_above_loss": _("A win must score more points than a loss."),
    "invalid_minutes": _("Give a number of minutes from 1 to %(limit)s."),
    "invalid_rounds": _("The number of rounds must be between 1 and 99."),
    "invalid_time_control": _(
        "“%(value)s” is not a time control. Write minutes+seconds added per turn, "
        "e.g. 20+0 (the official 20 minutes each, sudden death) or 10+5."
    ),
    "time_control_too_short": _(
        "“%(value)s” gives the players no time: the starting time must be more than 0 "
        "(e.g. 20+0, or 90s+0 for 90 seconds)."
    ),
    "time_control_too_long": _(
        "“%(value)s” is too long: the starting time and the time added per turn are at most "
        "366 days each."
    ),
    "time_control_not_canonical": _("Write “%(canonical)s” instead of “%(value)s”."),
    "name_required": _("A name is required."),
    "name_too_long": _("The name is longer than %(limit)s characters."),
    "ends_before_start": _("The last day cannot be before the first day."),
    "invalid_cap": _("The registration cap must be between 2 and %(limit)s players."),
    "invalid_choice": _("“%(value)s” is not one of the choices."),
    "invalid_start_position": _("The start position is not valid: %(detail)s"),
    "start_position_format": _(
        "The start position does not fit this event's game format: %(detail)s"
    ),
    # registration
    "registration_closed": _("Registration for this event is closed."),
    "already_registered": _("You are already registered for this event."),
    "name_taken": _("Someone named “%(name)s” is already entered in this event."),
    # claiming an entry played through its private link (docs/accounts.md, "Claiming")
    "claim_sign_in": _("Log in (or sign up) to claim this entry for your account."),
    "claim_bad_link": _("This private link does not belong to any entry."),
    "claim_already_yours": _("This entry already belongs to your account."),
    "claim_taken": _("This entry already belongs to another account: it cannot be claimed."),
    "claim_has_entry": _(
        "Your account already has an entry in this event (“%(name)s”): one player, one entry."
    ),
    "name_unsafe": _(
        "The name contains control or text-direction characters (%(characters)s); "
        "please remove them."
    ),
    "event_full": _(
        "This event is full (%(cap)s players). Raise the registration cap in the settings to "
        "add more players."
    ),
    "csv_invalid": _("The CSV file has errors; nothing was imported."),
    "csv_empty": _("The CSV file has no players."),
    "entry_not_active": _("%(name)s is not active in this event."),
    "entry_waitlisted": _(
        "%(name)s is on the waitlist and holds no place yet: take them off the waitlist instead."
    ),
    "not_waitlisted": _("%(name)s is not on the waitlist."),
    "entry_already_active": _("%(name)s is already active."),
    "between_rounds_only": _("This can only be done between rounds (round %(round)s is running)."),
    "late_entry_round": _("A late entry joins at the next round to be paired (round %(round)s)."),
    # rounds
    "not_enough_players": _("At least two active players are needed to pair a round."),
    "previous_round_incomplete": _(
        "Round %(round)s is not complete yet: every table needs a final result first."
    ),
    "all_rounds_paired": _("All %(rounds)s rounds of this event have been paired."),
    "round_not_draft": _("Round %(round)s is not a draft any more."),
    "round_not_published": _("Round %(round)s is not published."),
    "round_started": _(
        "Round %(round)s cannot be unpublished: a game has already started or has a result."
    ),
    "not_latest_round": _("Only the latest round can be changed this way."),
    "not_in_round": _("%(name)s is not paired in this round."),
    "rematch": _("%(a)s and %(b)s have already played each other."),
    "same_player": _("Choose two different players."),
    "no_bye": _("This round has no bye."),
    "already_had_bye": _("%(name)s has already had a bye."),
    "bracket_complete": _("The bracket is complete: every match has been played."),
    # results
    "invalid_result": _("This is not a valid result for this table."),
    "game_has_no_draws": _("%(game)s has no draws: enter a win, a loss or a forfeit."),
    "draw_in_elimination": _(
        "An elimination table needs a winner: a draw cannot be entered (the arbiter decides)."
    ),
    "result_final": _("This table already has a confirmed result."),
    "round_not_running": _("Results can only be entered for a published round."),
    "nothing_to_confirm": _("There is no report to confirm at this table."),
    "already_confirmed": _(
        "You have already confirmed this result: it is final once every other player at the "
        "table has confirmed it too."
    ),
    "result_disputed": _(
        "The players at this table reported different results: an arbiter will decide."
    ),
    "own_report": _("Your opponent must confirm your report, not you."),
    "bye_has_no_result": _("A bye needs no result."),
    "online_table": _("This table is played online: its result comes from the match."),
    "score_required": _("Give both players' %(label)s with this result."),
    "score_not_expected": _("This result carries no score."),
    "score_out_of_range": _("%(label)s must be between %(minimum)s and %(maximum)s."),
    "score_below_minimum": _("%(label)s must be at least %(minimum)s."),
    "score_mismatch": _("These scores cannot end this game: %(detail)s"),
    "draw_scores_unequal": _("A drawn game ends with the same %(label)s for both players."),
    "game_not_online": _(
        "%(game)s has no rules engine on this site: its events are played over the board."
    ),
    "game_score_tiebreak": _(
        "The game score tie-break (GS) needs a game whose results carry a score."
    ),
    "invalid_junqi_variants": _("Choose 軍棋 variants from the list."),
    "junqi_variants_other_game": _("軍棋 variants apply to 軍棋 events only."),
    "reason_required": _("Give a reason (it is kept in the audit log)."),
    "invalid_rating": _("The rating must be a whole number between 0 and 9999."),
    "players_not_checked_in": _(
        "Players not checked in: %(count)s. Confirm that round 1 is paired without them."
    ),
    "nobody_to_check_in": _("Choose at least one player to check in."),
    # ranked tables (三国盛衰記)
    "not_ranked_event": _("This event's game is not played at ranked tables."),
    "ranked_event": _("This event is played at ranked tables: assign tables instead."),
    "invalid_table_size": _(
        "Table sizes must satisfy %(low)s ≤ fewest ≤ most ≤ %(high)s players for this game."
    ),
    "no_table_split": _(
        "%(players)s players cannot be split into tables of %(low)s to %(high)s players. "
        "Change the table sizes or the players."
    ),
    "session_started": _("The session of round %(round)s has already started."),
    "not_your_table": _("You can only report results for your own table."),
    "seats_mismatch": _("The result must list every player at the table exactly once."),
    "invalid_victory_points": _("Victory points must be a whole number from 0 to %(limit)s."),
    "invalid_turn": _("The elimination turn must be a whole number from 1 to %(limit)s."),
    "eliminated_scores_zero": _("An eliminated player scores 0 victory points."),
    "own_report_table": _("Another player at the table must confirm your report, not you."),
}

PAIRING_MESSAGES: dict[str, Promise] = {
    "invalid_round": _("This round cannot be paired now."),
    "round_incomplete": _("The previous round still has games without a result."),
    "unknown_player": _("The pairing input names a player who is not in this event."),
    "not_enough_players": _("At least two active players are needed to pair a round."),
    "no_opponent_left": _("Some players have already met every other available player."),
    "no_complete_pairing": _(
        "No pairing of all available players avoids a rematch. "
        "Reduce the number of rounds or pair the remaining players by hand."
    ),
    "invalid_entrants": _("This bracket cannot be made for this number of players."),
    "invalid_result": _("This result does not fit the bracket."),
    "no_table_split": _("The players cannot be split into tables of the event's sizes."),
}


class TournamentError(Exception):
    """A tournament action was refused. Nothing was saved.

    ``code`` is stable (tests and API clients match on it); ``params`` fill the translated
    message; ``rows`` carries per-row problems of a CSV import (line number → messages);
    ``field`` names the input the refusal is about (a service keyword such as ``"rounds"``), so
    a form can show the message beside that field.
    """

    def __init__(
        self,
        code: str,
        params: Mapping[str, Any] | None = None,
        *,
        rows: Mapping[int, list[str]] | None = None,
        field: str | None = None,
    ) -> None:
        self.code = code
        self.field = field
        self.params = dict(params or {})
        self.rows = dict(rows or {})
        super().__init__(f"{code}: {self.params}" if self.params else code)


def message_for(error: TournamentError | PairingError) -> str:
    """The translated message for ``error`` (in the active language)."""
    if isinstance(error, PairingError):
        template = PAIRING_MESSAGES.get(error.code)
        return str(template) if template is not None else error.reason
    template = MESSAGES.get(error.code)
    if template is None:
        return gettext("The action was refused (%(code)s).") % {"code": error.code}
    return str(template) % error.params if error.params else str(template)
