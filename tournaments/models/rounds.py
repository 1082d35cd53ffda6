"""Rounds and what is played in them: pairings, and the slots of an elimination bracket."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from .entries import Entry
from .events import Event


class Round(models.Model):
    """One round of an event, from draft pairings to complete."""

    class Stage(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("Round robin")
        ELIMINATION = "elimination", _("Elimination")
        RANKED_TABLES = "ranked_tables", _("Ranked tables")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        IN_PROGRESS = "in_progress", _("In progress")
        COMPLETE = "complete", _("Complete")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    stage = models.CharField(_("stage"), max_length=16, choices=Stage.choices, default=Stage.SWISS)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.DRAFT
    )
    published_at = models.DateTimeField(null=True, blank=True)
    # A draft paired before a result of an earlier round was corrected: its pairings may no
    # longer be what the corrected history gives, and the organiser is offered a re-pair.
    stale = models.BooleanField(_("paired before a correction"), default=False)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(status__in=["draft", "published", "in_progress", "complete"]),
                name="round_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} R{self.number}"

    @property
    def is_public(self) -> bool:
        """Whether the public may see this round's pairings (never a draft)."""
        return self.status != self.Status.DRAFT


class Pairing(models.Model):
    """One table of one round: Red against Blue, or Red alone with the bye."""

    class Result(models.TextChoices):
        PENDING = "pending", _("Pending")
        RED_WON = "red_won", _("Red won")
        BLUE_WON = "blue_won", _("Blue won")
        RED_WON_BY_FORFEIT = "red_won_by_forfeit", _("Red won by forfeit")
        BLUE_WON_BY_FORFEIT = "blue_won_by_forfeit", _("Blue won by forfeit")
        DOUBLE_FORFEIT = "double_forfeit", _("Double forfeit")
        BYE = "bye", _("Bye")
        #: A drawn game (games with draws, e.g. 軍棋): each player scores half-way between a
        #: win and a loss. Not a result of an elimination bracket.
        DRAW = "draw", _("Draw")

    class Method(models.TextChoices):
        NONE = "", _("(none)")
        GENERAL_CAPTURED = "general_captured", _("General captured")
        INTRUSION = "intrusion", _("Intrusion")
        RESIGNATION = "resignation", _("Resignation")
        TIMEOUT = "timeout", _("Time forfeit")
        FORFEIT = "forfeit", _("Forfeit")
        NO_SHOW = "no_show", _("No-show")
        ARBITER = "arbiter", _("Arbiter decision")
        # 軍棋 (its match methods, taken over from a finished match)
        FLAG = "flag", _("Flag captured")
        NO_MOVE = "no_move", _("No legal move")
        SETUP_TIMEOUT = "setup_timeout", _("No set-up in time")
        DRAW_NO_COMBAT = "draw_no_combat", _("Draw: no combat")
        DRAW_AGREED = "draw_agreed", _("Draw agreed")
        DRAW_NO_MOVE_BOTH = "draw_no_move_both", _("Draw: neither side can move")

    class Confirmation(models.TextChoices):
        NONE = "none", _("No report yet")
        AWAITING = "awaiting", _("Awaiting the opponent's confirmation")
        CONFIRMED = "confirmed", _("Confirmed")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    table = models.PositiveSmallIntegerField(_("table"))
    red = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="pairings_as_red")
    blue = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="pairings_as_blue"
    )
    result = models.CharField(
        _("result"), max_length=24, choices=Result.choices, default=Result.PENDING
    )
    method = models.CharField(
        _("method"), max_length=24, choices=Method.choices, default=Method.NONE, blank=True
    )
    confirmation = models.CharField(
        max_length=12, choices=Confirmation.choices, default=Confirmation.NONE
    )
    # A player's report waiting for the opponent (over-the-board tables).
    reported_by = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reported_result = models.CharField(max_length=24, choices=Result.choices, blank=True)
    reported_method = models.CharField(max_length=24, choices=Method.choices, blank=True)
    # The opponent's differing claim; while set, the table is in dispute for the arbiter.
    disputed = models.BooleanField(_("disputed"), default=False)
    counter_result = models.CharField(max_length=24, choices=Result.choices, blank=True)
    # The game's score (``GameDefinition.score``: Strategem's final HP, 盤上遊姫's battlefields
    # won) of each side, for a game played to a result; null for a game without a score, a
    # forfeit, or a result entered without one. The reported and counter values travel with
    # the reported and counter results (a confirmation must agree on them too).
    red_score = models.PositiveIntegerField(_("Red's score"), null=True, blank=True)
    blue_score = models.PositiveIntegerField(_("Blue's score"), null=True, blank=True)
    reported_red_score = models.PositiveIntegerField(null=True, blank=True)
    reported_blue_score = models.PositiveIntegerField(null=True, blank=True)
    counter_red_score = models.PositiveIntegerField(null=True, blank=True)
    counter_blue_score = models.PositiveIntegerField(null=True, blank=True)
    # The clocked match played at this table (``matches.Match`` id), if any.
    match_id = models.PositiveBigIntegerField(null=True, blank=True, unique=True)
    updated_at = models.DateTimeField(auto_now=True)

    FINISHED_RESULTS = frozenset(
        {
            Result.RED_WON,
            Result.BLUE_WON,
            Result.RED_WON_BY_FORFEIT,
            Result.BLUE_WON_BY_FORFEIT,
            Result.DOUBLE_FORFEIT,
        }
    )

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="pairing_table_unique"),
            models.UniqueConstraint(fields=["round", "red"], name="pairing_red_once_per_round"),
            models.UniqueConstraint(fields=["round", "blue"], name="pairing_blue_once_per_round"),
            models.CheckConstraint(condition=Q(table__gte=1), name="pairing_table_positive"),
            models.CheckConstraint(condition=~Q(red=F("blue")), name="pairing_not_against_self"),
            models.CheckConstraint(
                condition=(Q(blue__isnull=True) & Q(result="bye"))
                | (Q(blue__isnull=False) & ~Q(result="bye")),
                name="pairing_bye_iff_no_blue",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} T{self.table}"

    @property
    def is_bye(self) -> bool:
        return self.blue_id is None

    @property
    def is_final(self) -> bool:
        """A result counts for standings (a bye always does)."""
        return self.result != self.Result.PENDING

    @staticmethod
    def _scores_text(red: int | None, blue: int | None) -> str:
        return "" if red is None or blue is None else f"{red}–{blue}"

    @property
    def score_text(self) -> str:
        """The game's score as "Red–Blue" (e.g. "4–2"), or "" when it has none."""
        return self._scores_text(self.red_score, self.blue_score)

    @property
    def reported_score_text(self) -> str:
        return self._scores_text(self.reported_red_score, self.reported_blue_score)

    @property
    def counter_score_text(self) -> str:
        return self._scores_text(self.counter_red_score, self.counter_blue_score)

    @property
    def winner_id(self) -> int | None:
        if self.result in (self.Result.RED_WON, self.Result.RED_WON_BY_FORFEIT, self.Result.BYE):
            return self.red_id
        if self.result in (self.Result.BLUE_WON, self.Result.BLUE_WON_BY_FORFEIT):
            return self.blue_id
        return None


class BracketMatch(models.Model):
    """One slot of an elimination bracket (winners, losers, grand final, third place).

    ``code`` names the slot the way the pure bracket does (e.g. ``"W2-1"``); ``red_source`` and
    ``blue_source`` say where each seat comes from (``"seed:4"``, ``"winner:W1-2"``,
    ``"loser:W1-2"``). ``needs_review`` is set when a result upstream was corrected after this
    match had been filled, so the arbiter must confirm or replay it.
    """

    class Bracket(models.TextChoices):
        WINNERS = "winners", _("Winners bracket")
        LOSERS = "losers", _("Losers bracket")
        GRAND_FINAL = "grand_final", _("Grand final")
        THIRD_PLACE = "third_place", _("Third-place match")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="bracket_matches")
    code = models.CharField(max_length=16)
    bracket = models.CharField(max_length=16, choices=Bracket.choices)
    bracket_round = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField()
    red_source = models.CharField(max_length=24, blank=True)
    blue_source = models.CharField(max_length=24, blank=True)
    red = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    blue = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    winner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    pairing = models.OneToOneField(
        Pairing, on_delete=models.SET_NULL, null=True, blank=True, related_name="bracket_match"
    )
    needs_review = models.BooleanField(default=False)

    class Meta:
        ordering = ["event", "bracket", "bracket_round", "position"]
        constraints = [
            models.UniqueConstraint(fields=["event", "code"], name="bracket_code_unique"),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner=F("red")) | Q(winner=F("blue")),
                name="bracket_winner_is_a_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} {self.code}"
