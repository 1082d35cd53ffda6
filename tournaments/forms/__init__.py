"""Forms: they validate the shape of what a page sends; services decide what is allowed.

One module per page family: ``event`` (the event form and its fieldsets), ``organising`` (the
dashboard's player, role, status and round forms) and ``results`` (result entry and reports).
"""

from .event import (
    EVENT_FIELDSETS,
    FIELD_ONLY_FOR,
    TIME_CONTROL_PRESETS,
    EventForm,
)
from .organising import (
    CheckInForm,
    CsvImportForm,
    EntryAddForm,
    PairForm,
    ReasonForm,
    RoleForm,
    StatusForm,
    SwapForm,
)
from .results import PlayerResultForm, ResultForm

__all__ = [
    "EVENT_FIELDSETS",
    "FIELD_ONLY_FOR",
    "TIME_CONTROL_PRESETS",
    "CheckInForm",
    "CsvImportForm",
    "EntryAddForm",
    "EventForm",
    "PairForm",
    "PlayerResultForm",
    "ReasonForm",
    "ResultForm",
    "RoleForm",
    "StatusForm",
    "SwapForm",
]
