"""Site ratings: each player's current rating per pool, and its history.

Vocabulary (docs/ratings.md, "On the site"):

* **Pool** (``rating_key``): the games one rating is for (``players.pools``).
* **Site rating** (``SiteRating``): a player's standing in one pool now: for a Glicko-2 pool
  the rating, deviation and volatility; for a table pool (Plackett–Luce) ``mu`` in ``rating``
  and ``sigma`` in ``deviation`` (no volatility). ``value`` is what lists sort by: the rating,
  or a table rating's ordinal ``mu − 3·sigma``. ``games`` and ``last_played_at`` are the
  rated games it rests on and when the last one finished (Glicko-2 widens the deviation by the
  time since).
* **Rating change** (``SiteRatingChange``): one player's rating before and after one rated
  result: a match (two-player pools, ``game_id`` the match id) or a ranked table
  (``game_id`` the table id). ``position`` and ``rank`` are the player's place in the result
  (``ratings.RatedResult``'s ``players`` and ``ranks``), so a pool's history replays from
  these rows alone. When a correction re-computes a pool, a re-rated result keeps its rows and
  gets new ratings in them; a corrected or voided game's rows are replaced or removed.
* **Rating pool** (``RatingPool``): one row per pool in use, locked by every transaction that
  rates in the pool so that two results never interleave.

Rows are written only by ``players.services.ratings``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class RatingPool(models.Model):
    """A pool in use: the row a rating transaction locks first."""

    key = models.CharField(_("pool"), max_length=40, primary_key=True)
    system = models.CharField(_("rating system"), max_length=16)

    def __str__(self) -> str:
        return self.key


class SiteRating(models.Model):
    """A player's current rating in one pool."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="site_ratings"
    )
    rating_key = models.CharField(_("pool"), max_length=40)
    system = models.CharField(_("rating system"), max_length=16)
    rating = models.FloatField(_("rating"))
    deviation = models.FloatField(_("deviation"))
    volatility = models.FloatField(_("volatility"), null=True, blank=True)
    value = models.FloatField(_("list value"))
    games = models.PositiveIntegerField(_("rated games"))
    last_played_at = models.DateTimeField(_("last rated game"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "rating_key"], name="site_rating_unique"),
            models.CheckConstraint(condition=Q(deviation__gt=0), name="site_rating_deviation"),
            models.CheckConstraint(
                condition=Q(system="glicko2", volatility__isnull=False)
                | Q(system="plackett_luce", volatility__isnull=True),
                name="site_rating_system_values",
            ),
        ]
        indexes = [
            # The list of a pool, best first.
            models.Index(fields=["rating_key", "-value", "user"], name="site_rating_list"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.rating_key} {self.value:.1f}"


class SiteRatingChange(models.Model):
    """One player's rating before and after one rated result."""

    class Source(models.TextChoices):
        MATCH = "match", _("Game")
        TABLE = "table", _("Ranked table")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="site_rating_changes"
    )
    rating_key = models.CharField(_("pool"), max_length=40)
    system = models.CharField(_("rating system"), max_length=16)
    source = models.CharField(_("source"), max_length=8, choices=Source)
    game_id = models.PositiveBigIntegerField(_("game"))
    finished_at = models.DateTimeField(_("finished at"))
    position = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField(_("place"))
    #: The other player of a two-player game (None at a table).
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    before_rating = models.FloatField()
    before_deviation = models.FloatField()
    before_volatility = models.FloatField(null=True, blank=True)
    after_rating = models.FloatField()
    after_deviation = models.FloatField()
    after_volatility = models.FloatField(null=True, blank=True)
    after_value = models.FloatField()
    games = models.PositiveIntegerField(_("rated games"))

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["rating_key", "game_id", "user"], name="site_rating_change_unique"
            ),
            models.CheckConstraint(condition=Q(rank__gte=1), name="site_rating_change_rank"),
        ]
        indexes = [
            # A player's history in a pool (the profile's chart), in rating order.
            models.Index(
                fields=["user", "rating_key", "finished_at", "game_id"],
                name="site_rating_change_history",
            ),
            # A pool's history from a point on (the re-computation after a correction).
            models.Index(
                fields=["rating_key", "finished_at", "game_id"], name="site_rating_change_pool"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.rating_key} #{self.game_id} {self.user_id}"
