"""Events and who runs them: the rules an event announces, its co-organisers and arbiters."""

from __future__ import annotations

import secrets
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from games import game_choices
from games.gunshi_rules import start_position_text


def new_lot_seed() -> int:
    """A fresh seed for the drawing of lots (published with the event, so lots are checkable)."""
    return secrets.randbelow(2**31)


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
