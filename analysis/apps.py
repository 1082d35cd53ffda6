from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AnalysisConfig(AppConfig):
    """Post-game analysis of finished games: jobs, their results and the graph."""

    name = "analysis"
    verbose_name = _("Analysis")

    def ready(self) -> None:
        # The tasks sit above the services: the services queue a job through what is
        # connected here.
        from analysis.services import connect
        from analysis.tasks import queue_analysis

        connect(queue=queue_analysis)
