from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    """Site ratings, rating lists and player profiles."""

    name = "players"
    verbose_name = _("Players")

    def ready(self) -> None:
        """Connect the site ratings to the results of matches and ranked tables, inside the
        transactions that record them, and to the seeding of new entries (docs/ratings.md,
        "On the site"). The matches and tournaments apps never import this one."""
        from matches.signals import match_result_recorded
        from players.selectors_ratings import entry_default_ratings
        from players.services.ratings import rating_record_match, rating_record_table
        from tournaments.signals import entry_rating_wanted, table_result_confirmed

        match_result_recorded.connect(rating_record_match, dispatch_uid="players.ratings.match")
        table_result_confirmed.connect(rating_record_table, dispatch_uid="players.ratings.table")
        entry_rating_wanted.connect(entry_default_ratings, dispatch_uid="players.ratings.seed")
