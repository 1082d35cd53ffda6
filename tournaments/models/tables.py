"""Ranked tables (三国盛衰記): several players at one table and the order they finish in."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .entries import Entry
from .rounds import Round


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
