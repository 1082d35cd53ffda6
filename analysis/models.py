"""The analysis of one finished game: its job state and, once done, its results.

One row per match (a game record belongs to exactly one finished online match). The job goes
``queued`` → ``running`` → ``done`` or ``failed``; a failed job, or one whose worker went
silent (``analysis.services.STALE_SECONDS`` without progress), may be requested again and is
re-queued on the same row. ``decisions`` holds one entry per decision of the game
(``opponent.analysis.DecisionAnalysis.to_dict``, or ``{"ply", "mover", "played", "skipped"}``
for a decision with nothing to search); ``turning_points`` the plies marked on the graph.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class GameAnalysis(models.Model):
    """The post-game analysis of ``match`` (docs/analysis.md)."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    match = models.OneToOneField("matches.Match", on_delete=models.CASCADE, related_name="analysis")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    #: Progress: decisions analysed so far of ``total`` (every decision of the record).
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    decisions = models.JSONField(default=list, blank=True)
    turning_points = models.JSONField(default=list, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    requested_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: The last change of state or progress (a running job that stops changing is stale).
    updated_at = models.DateTimeField(auto_now=True)
    #: How many times the job was started (a re-queued job starts again from the first ply).
    attempts = models.PositiveIntegerField(default=0)
    #: The search and budget that produced the results (``analysis.services.ENGINE_VERSION``).
    engine = models.CharField(max_length=120, blank=True)
    #: Why a failed job failed (for the operator; the page shows only that it failed).
    error = models.TextField(blank=True)

    class Meta:
        verbose_name = _("game analysis")
        verbose_name_plural = _("game analyses")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(done__lte=models.F("total")),
                name="analysis_done_within_total",
            ),
        ]

    def __str__(self) -> str:
        return f"analysis of match {self.match_id} ({self.status})"

    @property
    def percent(self) -> int:
        """The progress in whole percent."""
        return 100 * self.done // self.total if self.total else 0
