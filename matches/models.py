"""Matches: one clocked game between two seats, its audit history and its clock log.

Vocabulary
----------
* **Seat**: ``red`` (moves first) or ``blue``. A seat is held by a registered user
  (``red_player``/``blue_player``) or, for a player without an account, by whoever presents the
  seat's private token (``red_token``/``blue_token``); the display names are always stored.
* **Kind**: ``online`` (both players act through the server, the engine checks every decision)
  or ``otb`` (over the board: the game is on a physical board and the server only runs the
  official clock and records the result; there is no action log).
* **Ply**: the number of decisions applied (online) or clock presses accepted (over the board).
  Every client request names the ply it saw; a request for another ply is stale and rejected, so
  nothing is ever applied twice.
* **Action log**: the decisions in notation (``engine.actions``), in order: the ``MatchMove``
  rows of the match, one appended per decision. Folding ``engine.apply_action`` over it from
  ``engine.new_game`` rebuilds the state; ``state`` on the match row is the cached result
  (``engine.notation.state_to_dict``), which holds every secret and never leaves the server
  except through ``engine.observe``.
* **Clock**: ``clock.ClockState.to_dict()``; ``flag_deadline`` mirrors
  ``clock.clock_flag_deadline`` as a datetime so overdue matches can be found with one indexed
  query (the timeout sweep). In an untimed segment of a match with a no-show limit
  (``no_show_limit_ms``, an event option, off by default) it is the *no-show deadline*
  instead: the seat to act loses by no-show if it has not acted by then.
* **Result**: ``winner`` (``red``/``blue``/``none``) and ``method``; both are empty until the
  match is finished.

Models hold fields and constraints only; every change goes through ``matches.services``.
"""

from __future__ import annotations

import secrets
from typing import ClassVar

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from clock import TimeControl
from games import game_choices

OFFICIAL_TIME_CONTROL = TimeControl.official().to_str()


def new_seat_token() -> str:
    """A private, unguessable seat token (a link for a player without an account)."""
    return secrets.token_urlsafe(24)


class Seat(models.TextChoices):
    """The two seats; the values match ``engine.Side.label``."""

    RED = "red", _("Red")
    BLUE = "blue", _("Blue")


class Match(models.Model):
    """A game between two seats with the official clock; see the module docstring."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Not started")
        RUNNING = "running", _("In play")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    #: Status changes go only along these edges (``services.lifecycle.match_set_status``
    #: enforces them).
    #: A pending match may finish without play (forfeit, no-show, arbiter decision).
    ALLOWED_TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.PENDING: frozenset({Status.RUNNING, Status.FINISHED, Status.ABORTED}),
        Status.RUNNING: frozenset({Status.FINISHED, Status.ABORTED}),
        Status.FINISHED: frozenset(),
        Status.ABORTED: frozenset(),
    }

    class Kind(models.TextChoices):
        ONLINE = "online", _("Online")
        OTB = "otb", _("Over the board")

    class Variant(models.TextChoices):
        """The family of the game format (``engine.Variant``); ``game_format`` has the rest.

        Tournament Rule 1 is the basic game, Rule 2 the expansion game (option 2), Rule 3 the
        deck-build game (base procedure)."""

        BASIC = "basic", _("Basic game")
        EXPANSION = "expansion", _("Expansion game")
        DECK_BUILD = "deck_build", _("Deck-build game")

    class Winner(models.TextChoices):
        RED = "red", _("Red")
        BLUE = "blue", _("Blue")
        NONE = "none", _("No winner")
        DRAW = "draw", _("Draw")

    class Method(models.TextChoices):
        """How the match ended: the engine's two outcomes and the match-level ones."""

        GENERAL_CAPTURED = "general_captured", _("General captured")
        INTRUSION = "intrusion", _("Intrusion")
        RESIGNATION = "resignation", _("Resignation")
        TIMEOUT = "timeout", _("Loss on time")
        FORFEIT = "forfeit", _("Forfeit")
        NO_SHOW = "no_show", _("No-show")
        ARBITER = "arbiter", _("Arbiter's decision")
        TURN_LIMIT = "turn_limit", _("Turn limit (non-official)")
        # 軍棋 (games.junqi_rules.METHODS): its engine's terminations.
        FLAG = "flag", _("Flag captured")
        NO_MOVE = "no_move", _("No legal move")
        SETUP_TIMEOUT = "setup_timeout", _("No set-up in time")
        DRAW_NO_COMBAT = "draw_no_combat", _("Draw: no combat")
        DRAW_AGREED = "draw_agreed", _("Draw agreed")
        DRAW_NO_MOVE_BOTH = "draw_no_move_both", _("Draw: neither side can move")

    #: Methods that end a game drawn (the winner is ``Winner.DRAW``); any other method without a
    #: winner (e.g. both seats missing a set-up deadline) is ``Winner.NONE``.
    DRAW_METHODS: ClassVar[frozenset[str]] = frozenset(
        {Method.DRAW_NO_COMBAT, Method.DRAW_AGREED, Method.DRAW_NO_MOVE_BOTH}
    )

    kind = models.CharField(_("kind"), max_length=8, choices=Kind, default=Kind.ONLINE)
    status = models.CharField(
        _("status"), max_length=10, choices=Status, default=Status.PENDING, db_index=True
    )

    red_player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("red player"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="matches_as_red",
    )
    blue_player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("blue player"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="matches_as_blue",
    )
    red_name = models.CharField(_("red name"), max_length=150)
    blue_name = models.CharField(_("blue name"), max_length=150)
    red_token = models.CharField(max_length=64, unique=True, default=new_seat_token, editable=False)
    blue_token = models.CharField(
        max_length=64, unique=True, default=new_seat_token, editable=False
    )

    #: The game played (``games.get_game``); the referee engine is that game's ``rules``.
    game = models.CharField(_("game"), max_length=32, choices=game_choices, default="gunshi")
    variant = models.CharField(_("variant"), max_length=16, choices=Variant, default=Variant.BASIC)
    time_control = models.CharField(_("time control"), max_length=40, default=OFFICIAL_TIME_CONTROL)
    rulings = models.JSONField(_("rulings"), default=dict, blank=True)
    #: ``engine.formats.GameFormat.to_dict()``; its ``seed`` deals hidden cards in some
    #: formats, so it is a secret until the game is over (it is in the published record).
    game_format = models.JSONField(_("game format"), default=dict, blank=True)
    #: ``engine.start.StartPosition.to_dict()`` of a game opening on a custom start position
    #: (an event's fixed opening), or null for the normal start.
    start_position = models.JSONField(_("start position"), null=True, blank=True, default=None)

    state = models.JSONField(_("cached engine state"), default=dict, blank=True)
    ply = models.PositiveIntegerField(_("ply"), default=0)
    clock = models.JSONField(_("clock state"), default=dict, blank=True)
    flag_deadline = models.DateTimeField(_("flag deadline"), null=True, blank=True, db_index=True)
    #: The end of a shared set-up countdown (a game whose seats set up at the same time, such as
    #: 軍棋): while it runs, ``flag_deadline`` mirrors it so the timeout machinery enforces it.
    setup_deadline = models.DateTimeField(_("set-up deadline"), null=True, blank=True)
    #: When the one pending timeout check of this match fires (``matches.timeouts``): a new
    #: check is scheduled only when the flag deadline moves earlier than this, so a match
    #: never has more than a few checks queued however many decisions it sees.
    timeout_check_at = models.DateTimeField(null=True, blank=True)
    #: The no-show rule for untimed segments (Red's first placement, the expansion-card choice,
    #: the draft): the seat asked to act loses by no-show after this long without acting.
    #: ``None``: off (the official rules have no such limit).
    no_show_limit_ms = models.PositiveIntegerField(_("no-show limit (ms)"), null=True, blank=True)
    #: Number of clock-log entries written so far (the next entry's ``seq``), in
    #: ``ClockLogEntry`` and in the clock fields of ``MatchMove``.
    clock_seq = models.PositiveIntegerField(default=0)

    winner = models.CharField(_("winner"), max_length=4, choices=Winner, blank=True, default="")
    method = models.CharField(_("method"), max_length=20, choices=Method, blank=True, default="")
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    #: Over the board: each seat's reported result ``{"red": {"winner":…, "method":…}, …}``.
    otb_reports = models.JSONField(default=dict, blank=True)
    disputed = models.BooleanField(_("disputed"), default=False)

    #: Generic reference to the tournament layer (``tournaments.Event`` / ``Pairing`` ids); the
    #: matches app does not import tournaments: results flow back through
    #: ``matches.signals.match_finished``.
    event_id = models.PositiveBigIntegerField(null=True, blank=True, db_index=True)
    pairing_id = models.PositiveBigIntegerField(null=True, blank=True)
    meta = models.JSONField(default=dict, blank=True)
    #: Whether the result moves the players' site ratings (docs/ratings.md): set when the match
    #: is created, from the event's "rated" option or the casual game's choice. Games against
    #: the computer are never rated.
    rated = models.BooleanField(_("rated"), default=False)

    #: Starting (docs/matches.md, "Starting a game"): an online match starts when both seats
    #: have joined (each player presses "join" on the board), or when an arbiter starts it.
    #: ``start_by`` is the start deadline; a seat still absent after it may be forfeited.
    start_by = models.DateTimeField(_("start deadline"), null=True, blank=True)
    red_joined_at = models.DateTimeField(null=True, blank=True)
    blue_joined_at = models.DateTimeField(null=True, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["pending", "running", "finished", "aborted"]),
                name="match_status_valid",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["online", "otb"]), name="match_kind_valid"
            ),
            models.CheckConstraint(
                condition=Q(variant__in=["basic", "expansion", "deck_build"]),
                name="match_variant_valid",
            ),
            models.CheckConstraint(
                condition=Q(winner__in=["", "red", "blue", "none", "draw"]),
                name="match_winner_valid",
            ),
            models.CheckConstraint(
                condition=Q(
                    method__in=[
                        "",
                        "general_captured",
                        "intrusion",
                        "resignation",
                        "timeout",
                        "forfeit",
                        "no_show",
                        "arbiter",
                        "turn_limit",
                        "flag",
                        "no_move",
                        "setup_timeout",
                        "draw_no_combat",
                        "draw_agreed",
                        "draw_no_move_both",
                    ]
                ),
                name="match_method_valid",
            ),
            # A finished match has a complete result; any other match has none.
            models.CheckConstraint(
                condition=(
                    Q(status="finished")
                    & ~Q(winner="")
                    & ~Q(method="")
                    & Q(finished_at__isnull=False)
                )
                | (~Q(status="finished") & Q(winner="") & Q(method="")),
                name="match_result_iff_finished",
            ),
            # Only a running match has a clock that may be overdue.
            models.CheckConstraint(
                condition=Q(flag_deadline__isnull=True) | Q(status="running"),
                name="match_deadline_only_running",
            ),
            models.CheckConstraint(
                condition=Q(red_player__isnull=True)
                | Q(blue_player__isnull=True)
                | ~Q(red_player=F("blue_player")),
                name="match_two_different_players",
            ),
            models.CheckConstraint(
                condition=~Q(red_token=F("blue_token")), name="match_two_different_tokens"
            ),
            # One live match per tournament pairing (an aborted one may be replaced).
            models.UniqueConstraint(
                fields=["pairing_id"],
                condition=Q(pairing_id__isnull=False) & ~Q(status="aborted"),
                name="match_one_live_match_per_pairing",
            ),
        ]
        indexes = [models.Index(fields=["status", "flag_deadline"], name="match_status_deadline")]

    def __str__(self) -> str:
        return f"#{self.pk} {self.red_name} – {self.blue_name}"

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def is_live(self) -> bool:
        """Decisions and presses are accepted (the clock may still be paused)."""
        return self.status == self.Status.RUNNING


class MatchEvent(models.Model):
    """One row of a match's audit history: who did what, when, at which ply.

    ``detail`` may hold secrets (an action's full text): the history is evidence for the
    arbiter and is shown to anyone else only through ``engine.observation.history_text``.
    """

    class Kind(models.TextChoices):
        CREATED = "created", _("Created")
        STATUS = "status", _("Status changed")
        STARTED = "started", _("Started")
        JOINED = "joined", _("Joined")
        ACTION = "action", _("Action")
        PRESS = "press", _("Clock pressed")
        RESIGN = "resign", _("Resigned")
        FLAG_CLAIM = "flag_claim", _("Flag claimed")
        TIMEOUT = "timeout", _("Lost on time")
        PAUSE = "pause", _("Paused")
        RESUME = "resume", _("Resumed")
        TIME_ADJUST = "time_adjust", _("Time adjusted")
        RESULT_SET = "result_set", _("Result set")
        RESULT_REPORTED = "result_reported", _("Result reported")
        RESULT_CONFIRMED = "result_confirmed", _("Result confirmed")
        DISPUTED = "disputed", _("Result disputed")
        NO_SHOW = "no_show", _("No-show")
        SETUP_TIMEOUT = "setup_timeout", _("Set-up time over")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=20, choices=Kind)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    seat = models.CharField(max_length=4, choices=Seat, blank=True, default="")
    ply = models.PositiveIntegerField()
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("match event")
        verbose_name_plural = _("match events")
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(seat__in=["", "red", "blue"]), name="matchevent_seat_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match_id} ply {self.ply}: {self.kind}"


class ClockLogEntry(models.Model):
    """One switch of a match's clock (``clock.ClockRecord``): evidence for any dispute.

    ``at`` is the server's receive time in epoch milliseconds; ``seq`` numbers the entries of a
    match from 0 so that a decision can never be charged twice (unique per match).
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="clock_log")
    seq = models.PositiveIntegerField()
    ply = models.PositiveIntegerField()
    kind = models.CharField(max_length=8)
    at = models.BigIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    running = models.PositiveSmallIntegerField(null=True, blank=True)
    elapsed_ms = models.PositiveIntegerField(default=0)
    lag_ms = models.PositiveIntegerField(default=0)
    credit_ms = models.PositiveIntegerField(default=0)
    charged_ms = models.PositiveIntegerField(default=0)
    increment_ms = models.PositiveIntegerField(default=0)
    delta_ms = models.BigIntegerField(default=0)
    remaining_red_ms = models.PositiveBigIntegerField()
    remaining_blue_ms = models.PositiveBigIntegerField()
    quota_red_ms = models.PositiveIntegerField(default=0)
    quota_blue_ms = models.PositiveIntegerField(default=0)
    note = models.CharField(max_length=500, blank=True, default="")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = _("clock log entry")
        verbose_name_plural = _("clock log entries")
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="clocklog_unique_seq"),
            models.CheckConstraint(
                condition=Q(
                    kind__in=[
                        "start",
                        "press",
                        "switch",
                        "stop",
                        "pause",
                        "resume",
                        "adjust",
                        "flag",
                    ]
                ),
                name="clocklog_kind_valid",
            ),
            models.CheckConstraint(
                condition=Q(seat__isnull=True) | Q(seat__in=[0, 1]), name="clocklog_seat_valid"
            ),
            models.CheckConstraint(
                condition=Q(running__isnull=True) | Q(running__in=[0, 1]),
                name="clocklog_running_valid",
            ),
            models.CheckConstraint(
                condition=Q(charged_ms__lte=F("elapsed_ms")), name="clocklog_charge_le_elapsed"
            ),
            models.CheckConstraint(
                condition=Q(credit_ms__lte=F("lag_ms")), name="clocklog_credit_le_lag"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq} {self.kind} at {self.at}"


class MatchMove(models.Model):
    """One decision of an online match, appended once and never changed (docs/matches.md,
    "The move log").

    The action log is these rows in ``ply`` order: ``action`` is the decision in notation
    (secrets included), ``masked`` what the other seat and spectators may see while the game
    runs when the text reveals a secret (``engine.observation.history_text``), else null.

    A decision's row is also its audit entry and its clock-log entry: ``created_at``, ``actor``
    and ``lag_ms`` (the transit time the client reported, capped) are what the audit history
    shows; ``clock_seq`` and the ``clock_*`` fields the clock switch it caused
    (``clock.ClockRecord``, ``clock_at`` being the server's receive time in epoch ms), or null
    when it caused none. Decisions migrated from the old JSON action log have null audit and
    clock fields: their audit rows and clock-log entries stay in ``MatchEvent`` and
    ``ClockLogEntry``.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField()
    #: 0 Red, 1 Blue (the clock seat, ``engine.Side`` value).
    seat = models.PositiveSmallIntegerField()
    action = models.TextField()
    masked = models.TextField(null=True, blank=True)  # noqa: DJ001 - null: nothing to mask
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    lag_ms = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(null=True, blank=True)

    clock_seq = models.PositiveIntegerField(null=True, blank=True)
    clock_kind = models.CharField(max_length=8, blank=True, default="")
    clock_at = models.BigIntegerField(null=True, blank=True)
    clock_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    clock_running = models.PositiveSmallIntegerField(null=True, blank=True)
    elapsed_ms = models.PositiveIntegerField(default=0)
    credit_ms = models.PositiveIntegerField(default=0)
    clock_lag_ms = models.PositiveIntegerField(default=0)
    charged_ms = models.PositiveIntegerField(default=0)
    increment_ms = models.PositiveIntegerField(default=0)
    delta_ms = models.BigIntegerField(default=0)
    remaining_red_ms = models.PositiveBigIntegerField(null=True, blank=True)
    remaining_blue_ms = models.PositiveBigIntegerField(null=True, blank=True)
    quota_red_ms = models.PositiveIntegerField(default=0)
    quota_blue_ms = models.PositiveIntegerField(default=0)
    clock_note = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["match", "ply"]
        constraints = [
            models.UniqueConstraint(fields=["match", "ply"], name="matchmove_unique_ply"),
            models.UniqueConstraint(fields=["match", "clock_seq"], name="matchmove_unique_seq"),
            models.CheckConstraint(condition=Q(seat__in=[0, 1]), name="matchmove_seat_valid"),
        ]

    def __str__(self) -> str:
        # Never the action text: admin inlines show this, and a decision can be a secret.
        return f"{self.match_id} ply {self.ply} ({('red', 'blue')[self.seat]})"
