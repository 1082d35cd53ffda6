"""Tournament data: events, the people who run them, entries, rounds, pairings, brackets, audit.

Vocabulary (shared with ``docs/tournaments.md``):

* An **event** is one tournament. Its official format (Rule 1 basic, Rule 2 expansion, Rule 3
  deck-build), time control, pairing system, points and tie-break order are fixed by the
  organiser before round 1; every match of the event inherits the format and time control.
* An **entry** is one player in one event: a registered account, or a walk-in who has only a
  name and a private link (``token``) to act for themself.
* A **round** is paired as a *draft*, may be edited, is *published* (tables open), runs and is
  *complete* when every pairing has a final result.
* A **pairing** is one table of one round: Red (moves first) against Blue, or a bye when Blue is
  empty. Its result is final once confirmed (by the opponent, an arbiter, or the match server).
* A **bracket match** is one slot of an elimination bracket; it is played as a pairing of the
  elimination round it belongs to.

Models hold fields and constraints only; every write goes through ``tournaments.services``.
"""

from __future__ import annotations

import secrets
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from games import game_choices
from games.gunshi_rules import start_position_text

#: The range of an entry's rating (organisers type it or import it from CSV); ratings in use
#: for board games lie well inside it, and anything outside is a typing error.
MIN_RATING = 0
MAX_RATING = 9999


def new_lot_seed() -> int:
    """A fresh seed for the drawing of lots (published with the event, so lots are checkable)."""
    return secrets.randbelow(2**31)


def new_entry_token() -> str:
    """A private link token for an entry (player without an account)."""
    return secrets.token_urlsafe(18)


#: The 軍棋 variants an event may choose (docs/junqi.md §9 options), in their stored order.
JUNQI_VARIANT_CHOICES = (
    ("exploding_mines", _("爆発地雷 exploding mines: a mine goes with the attacker it stops")),
    ("flying_bombs", _("飛ぶ爆弾 flying bombs: bombs run the railway like engineers")),
    ("carry_flag", _("軍旗をかつぐ carry the flag: capture the flag and bring it home")),
    ("open_pieces", _("明棋 open pieces: every rank shows once both have set up")),
    ("free_hq", _("大本営自由 free headquarters: pieces on a headquarters may move")),
)


class RankPointsScale(models.TextChoices):
    """How places at a ranked table score (docs/tournaments.md, "Ranked tables")."""

    TABLE_SIZE = "table_size", _("By table size: 1st scores n, last 1")
    NORMALISED = "normalised", _("Normalised: 1st scores 1, last 0")


class Event(models.Model):
    """One tournament, with the rules it announced."""

    class Format(models.TextChoices):
        BASIC = "basic", _("Rule 1: basic game")
        EXPANSION = "expansion", _("Rule 2: expansion")
        DECK_BUILD = "deck_build", _("Rule 3: deck building")

    class PairingSystem(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("Round robin")
        DOUBLE_ROUND_ROBIN = "double_round_robin", _("Double round robin")
        SINGLE_ELIMINATION = "single_elim", _("Single elimination")
        DOUBLE_ELIMINATION = "double_elim", _("Double elimination")
        SWISS_TOP_CUT = "swiss_top_cut", _("Swiss, then a top cut")

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Public (listed)")
        UNLISTED = "unlisted", _("Unlisted (link only)")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft (organisers only)")
        REGISTRATION = "registration", _("Registration open")
        RUNNING = "running", _("In progress")
        FINISHED = "finished", _("Finished")

    # Allowed status changes (``event_set_status`` refuses any other).
    ALLOWED_TRANSITIONS: dict[str, frozenset[str]] = {
        Status.DRAFT: frozenset({Status.REGISTRATION}),
        Status.REGISTRATION: frozenset({Status.DRAFT, Status.RUNNING}),
        Status.RUNNING: frozenset({Status.FINISHED}),
        Status.FINISHED: frozenset({Status.RUNNING}),
    }

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name"), max_length=80, unique=True, allow_unicode=True)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="organised_events",
        verbose_name=_("organiser"),
    )
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    online = models.BooleanField(_("played online"), default=False)
    #: Whether the event's games move the players' site ratings (docs/ratings.md, "On the site"):
    #: every match the event creates takes this value (``Match.rated``), and a ranked table's
    #: confirmed placings rate its players. Fixed once round 1 is paired.
    rated = models.BooleanField(
        _("rated"),
        default=False,
        help_text=_(
            "Results of games between players with accounts change their site ratings "
            "(over the board once the result is confirmed)."
        ),
    )
    #: The game the event plays (``games.get_game``): 軍師軍略 by default. A game without a
    #: rules engine is played over the board only.
    game = models.CharField(_("game"), max_length=32, choices=game_choices, default="gunshi")
    game_format = models.CharField(
        _("official format"), max_length=16, choices=Format.choices, default=Format.BASIC
    )
    #: 軍棋 events: the §9 variants every match of the event plays with (docs/junqi.md,
    #: "Options and rulings"), e.g. ``["exploding_mines"]``; empty for the standard game and for
    #: every other game.
    junqi_variants = models.JSONField(_("軍棋 variants"), default=list, blank=True)
    time_control = models.CharField(_("time control"), max_length=32, default="20+0")
    #: Online games: minutes after a round is published by which both players should have
    #: joined their board; after it the arbiter may forfeit a seat that has not (docs/matches.md).
    start_window_minutes = models.PositiveSmallIntegerField(
        _("minutes to join a game"),
        default=10,
        help_text=_(
            "Online games start when both players have joined their board (or when an arbiter "
            "starts them). After this many minutes from publication an arbiter may forfeit a "
            "player who has not joined."
        ),
    )
    #: A fixed opening every match of the event starts from (``engine.start.StartPosition``
    #: dict form, docs/start-positions.md), or null for the normal deployment. Basic game only.
    start_position = models.JSONField(_("start position"), null=True, blank=True, default=None)
    pairing_system = models.CharField(
        _("pairing system"),
        max_length=24,
        choices=PairingSystem.choices,
        default=PairingSystem.SWISS,
    )
    rounds = models.PositiveSmallIntegerField(_("number of Swiss rounds"), default=5)
    top_cut_size = models.PositiveSmallIntegerField(_("top cut size"), null=True, blank=True)
    third_place_match = models.BooleanField(_("third-place match"), default=False)
    grand_final_reset = models.BooleanField(_("grand final reset"), default=True)
    points_win = models.DecimalField(
        _("points for a win"), default=Decimal(1), max_digits=5, decimal_places=2
    )
    points_loss = models.DecimalField(
        _("points for a loss"), default=Decimal(0), max_digits=5, decimal_places=2
    )
    points_bye = models.DecimalField(
        _("points for a bye"), default=Decimal(1), max_digits=5, decimal_places=2
    )
    points_forfeit_win = models.DecimalField(
        _("points for a forfeit win"), default=Decimal(1), max_digits=5, decimal_places=2
    )
    points_forfeit_loss = models.DecimalField(
        _("points for a forfeit loss"), default=Decimal(0), max_digits=5, decimal_places=2
    )
    # With an odd number of players, a round robin's schedule leaves one player free each
    # round. That round is not a game and usually scores nothing (FIDE C.05 leaves it to the
    # regulations); an event may grant points for it.
    points_round_robin_free = models.DecimalField(
        _("points for a free round in a round robin"),
        default=Decimal(0),
        max_digits=5,
        decimal_places=2,
    )
    # FIDE pairs two players again when their game was forfeited (they never played). An event
    # may instead treat a forfeited game as a meeting and never pair the two again.
    forfeit_counts_as_game = models.BooleanField(
        _("a forfeited game counts as a meeting (never paired again)"), default=False
    )
    tiebreaks = models.JSONField(_("tie-breaks in order"), default=list, blank=True)
    visibility = models.CharField(
        _("visibility"), max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    registration_cap = models.PositiveIntegerField(_("registration cap"), null=True, blank=True)
    no_show_minutes = models.PositiveSmallIntegerField(
        _("no-show limit (minutes)"),
        null=True,
        blank=True,
        help_text=_(
            "Optional, not in the official rules: a player who does not act within this many "
            "minutes in an untimed part of a game (Red's first placement, choosing cards) "
            "loses by no-show. Leave empty for no limit."
        ),
    )
    #: Ranked-table games (三国盛衰記): the seats a table may have, within the game's range of
    #: players, and the session time limit of a round (docs/tournaments.md, "Ranked tables").
    table_size_min = models.PositiveSmallIntegerField(_("fewest players at a table"), default=3)
    table_size_max = models.PositiveSmallIntegerField(_("most players at a table"), default=5)
    session_minutes = models.PositiveSmallIntegerField(
        _("session time limit (minutes)"), default=240
    )
    #: How a ranked table's places score (``tournaments.standings.rank_points``): 1st scores
    #: the table size, or normalised for mixed table sizes (docs/tournaments.md, ruling
    #: "Normalised rank points"). Fixed once round 1 is assigned.
    rank_points_scale = models.CharField(
        _("rank points"),
        max_length=12,
        choices=RankPointsScale.choices,
        default=RankPointsScale.TABLE_SIZE,
    )
    lot_seed = models.PositiveBigIntegerField(
        _("seed of the drawing of lots"), default=new_lot_seed
    )
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.DRAFT
    )
    # Entry ids in the order a fixed schedule was drawn from (round robin pairing numbers, or
    # the seeds of an elimination bracket): later rounds are read from the same draw.
    draw_order = models.JSONField(default=list, blank=True)
    # Bumped by every service that changes what public pages show (cache key, live updates).
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-starts_on", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__isnull=True) | Q(ends_on__gte=F("starts_on")),
                name="event_ends_after_start",
            ),
            models.CheckConstraint(
                condition=Q(points_win__gt=F("points_loss")), name="event_win_beats_loss"
            ),
            models.CheckConstraint(
                condition=Q(points_loss__gte=0)
                & Q(points_bye__gte=0)
                & Q(points_forfeit_win__gte=0)
                & Q(points_forfeit_loss__gte=0)
                & Q(points_round_robin_free__gte=0),
                name="event_points_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(rounds__gte=1) & Q(rounds__lte=99), name="event_rounds_range"
            ),
            models.CheckConstraint(
                condition=(
                    Q(pairing_system="swiss_top_cut", top_cut_size__in=[4, 8, 16])
                    | (~Q(pairing_system="swiss_top_cut") & Q(top_cut_size__isnull=True))
                ),
                name="event_top_cut_only_with_swiss_top_cut",
            ),
            models.CheckConstraint(
                condition=Q(registration_cap__isnull=True) | Q(registration_cap__gte=2),
                name="event_cap_at_least_two",
            ),
            models.CheckConstraint(
                condition=Q(status__in=["draft", "registration", "running", "finished"]),
                name="event_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def junqi_variant_labels(self) -> list[str]:
        """The event's 軍棋 variants as players read them (empty: the standard game)."""
        labels = dict(JUNQI_VARIANT_CHOICES)
        return [str(labels.get(v, v)) for v in self.junqi_variants]

    @property
    def start_position_text(self) -> str:
        """The event's fixed opening in its text form (docs/start-positions.md), or ""."""
        if not self.start_position:
            return ""
        return start_position_text(self.start_position)


class EventRole(models.Model):
    """A co-organiser or arbiter of one event (the organiser is ``Event.organiser``)."""

    class Role(models.TextChoices):
        CO_ORGANISER = "co_organiser", _("Co-organiser")
        ARBITER = "arbiter", _("Arbiter")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    role = models.CharField(_("role"), max_length=16, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="event_role_once_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role})"


class Entry(models.Model):
    """A player in one event: an account, or a walk-in with a private link.

    A player who registers for a full event is *waitlisted*: the entry holds their place in
    the queue (``waitlisted_at``, oldest first) and counts for nothing else (capacity,
    check-in, pairing, standings). When a place frees up, ``tournaments.waitlist`` makes the
    first waitlisted entry active (docs/tournaments.md, "Capacity and waitlist").
    """

    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WAITLISTED = "waitlisted", _("Waitlisted")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        DISQUALIFIED = "disqualified", _("Disqualified")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entries",
    )
    name = models.CharField(_("name"), max_length=100)
    token = models.CharField(max_length=32, unique=True, default=new_entry_token)
    rating = models.IntegerField(
        _("rating"),
        null=True,
        blank=True,
        validators=[MinValueValidator(MIN_RATING), MaxValueValidator(MAX_RATING)],
    )
    seed = models.PositiveIntegerField(_("seed"), null=True, blank=True)
    checked_in = models.BooleanField(_("checked in"), default=False)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.ACTIVE
    )
    # Late entry: the first round this player is paired in, and the points granted for each
    # round before it (the organiser's choice, 0 by default).
    first_round = models.PositiveSmallIntegerField(_("first round"), default=1)
    missed_round_points = models.DecimalField(
        _("points per missed round"), default=Decimal(0), max_digits=5, decimal_places=2
    )
    # The player's number in exports (TRF starting rank): given to everyone in seed order when
    # round 1 is paired, and the next free number to a late entrant; never changed afterwards.
    start_number = models.PositiveIntegerField(_("start number"), null=True, blank=True)
    #: When a waitlisted player joined the queue (the queue's order, ties by id); kept after a
    #: promotion, so the record shows the player came from the waitlist.
    waitlisted_at = models.DateTimeField(_("joined the waitlist"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "id"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["event", "user"],
                condition=Q(user__isnull=False),
                name="entry_once_per_user",
            ),
            models.UniqueConstraint(fields=["event", "name"], name="entry_name_unique_in_event"),
            models.UniqueConstraint(
                fields=["event", "start_number"],
                condition=Q(start_number__isnull=False),
                name="entry_start_number_unique_in_event",
            ),
            models.CheckConstraint(condition=Q(first_round__gte=1), name="entry_first_round_1"),
            models.CheckConstraint(
                condition=Q(missed_round_points__gte=0), name="entry_missed_points_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(status__in=["active", "waitlisted", "withdrawn", "disqualified"]),
                name="entry_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def is_waitlisted(self) -> bool:
        return self.status == self.Status.WAITLISTED


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


class GameTable(models.Model):
    """One table of a ranked-table round (三国盛衰記): several players, a finishing order.

    A seated player reports every seat's victory points (and elimination turn); the result is
    final only when **every other** seated player has confirmed it (``agreed``), or when an
    organiser or arbiter enters or decides it. A player answering with a different claim opens
    a dispute that only the arbiter settles, so two players cannot fix a result against a
    third. ``reported`` / ``counter`` hold the claims as lists of
    ``{"entry": id, "victory_points": n, "eliminated_turn": n | null}``; the confirmed result
    lives on the seats. ``started_at`` / ``ends_at``: the session clock, set when the organiser
    starts the round (the server's end time is the only authority).
    """

    class Confirmation(models.TextChoices):
        NONE = "none", _("No report yet")
        AWAITING = "awaiting", _("Awaiting confirmation by the other players")
        CONFIRMED = "confirmed", _("Confirmed")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="game_tables")
    number = models.PositiveSmallIntegerField(_("table"))
    scenario = models.CharField(_("scenario and notes"), max_length=200, blank=True)
    confirmation = models.CharField(
        max_length=12, choices=Confirmation.choices, default=Confirmation.NONE
    )
    reported_by = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reported = models.JSONField(default=list, blank=True)
    #: Entry ids of the other seated players who confirmed ``reported`` (the reporter's own
    #: report counts as theirs): the result is final once every seated player is in.
    agreed = models.JSONField(default=list, blank=True)
    disputed = models.BooleanField(_("disputed"), default=False)
    counter = models.JSONField(default=list, blank=True)
    #: The player whose differing claim ``counter`` holds (the latest one, when several differ).
    disputed_by = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="game_table_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="game_table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} T{self.number}"

    @property
    def is_final(self) -> bool:
        return self.confirmation == self.Confirmation.CONFIRMED


class TableSeat(models.Model):
    """One player at a ranked table: the power they play and, once confirmed, their result."""

    table = models.ForeignKey(GameTable, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="table_seats")
    power = models.CharField(_("power"), max_length=60, blank=True)
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    victory_points = models.PositiveIntegerField(_("victory points"), null=True, blank=True)
    eliminated_turn = models.PositiveSmallIntegerField(
        _("eliminated in turn"), null=True, blank=True
    )

    class Meta:
        ordering = ["table", "place", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "entry"], name="table_seat_once_per_table"),
            models.CheckConstraint(
                condition=Q(place__isnull=True) | Q(place__gte=1), name="table_seat_place_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.entry}"


class AuditLog(models.Model):
    """One act of an organiser, arbiter or player on an event, kept for the record."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit_log")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    actor_entry = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    action = models.CharField(max_length=40)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    pairing = models.ForeignKey(
        Pairing, on_delete=models.SET_NULL, null=True, blank=True, related_name="audit_log"
    )
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "-created_at"], name="audit_event_time")]

    def __str__(self) -> str:
        return f"{self.event} {self.action}"
