"""The audit log in words: each ``AuditLog.action`` code as a translated sentence.

Services write a stable code and the facts (``details``); pages show :func:`audit_sentence`
of each row, in the reader's language. A code without a sentence (one added without updating
this module) shows as itself, and ``tests/tournaments/views/test_tournament_audit_sentences.py``
fails, so every code the services write has a sentence in both languages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import FieldDoesNotExist
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models import AuditLog, Event, EventRole, Pairing

SENTENCES: dict[str, Promise] = {
    "event_create": _("Created the event “%(name)s”."),
    "event_update": _("Changed the settings: %(fields)s."),
    "event_status": _("Changed the event status from “%(old)s” to “%(new)s”."),
    "role_add": _("Gave %(user)s the role “%(role)s”."),
    "role_remove": _("Removed the role of %(user)s."),
    "entry_register": _("%(entry)s registered."),
    "entry_waitlist": _("%(entry)s joined the waitlist (position %(position)s)."),
    "entry_leave_waitlist": _("%(entry_name)s left the waitlist."),
    "entry_promote": _("%(entry)s got a place from the waitlist."),
    "entry_add": _("Added the player %(entry)s."),
    "entry_claim": _("%(entry)s claimed the entry for the account %(account)s."),
    "entry_late": _(
        "Added %(entry)s as a late entry from round %(first_round)s "
        "(%(missed_round_points)s points for each missed round)."
    ),
    "entry_import": _("Imported %(count)s players from a CSV file."),
    "entry_check_in": _("%(entry)s checked in."),
    "entry_check_out": _("Undid the check-in of %(entry)s."),
    "entry_withdraw": _("%(entry)s was withdrawn."),
    "entry_reinstate": _("%(entry)s was reinstated."),
    "entry_disqualify": _("%(entry)s was disqualified: %(reason)s"),
    "round_pair": _("Paired round %(round)s as a draft (%(tables)s tables)."),
    "round_swap": _("Swapped %(first)s and %(second)s in the draft of round %(round)s."),
    "round_delete_draft": _("Deleted the draft of round %(round)s."),
    "round_publish": _("Published round %(round)s."),
    "round_unpublish": _("Took round %(round)s back to draft."),
    "round_start": _("Started the waiting games of round %(round)s."),
    "result_set": _("Entered the result of table %(table)s: %(new)s."),
    "result_ruling": _("Ruled on the disputed table %(table)s: %(new)s."),
    "result_correct": _(
        "Corrected the result of table %(table)s from “%(old)s” to “%(new)s”: %(reason)s"
    ),
    "result_forfeit_dq": _("Table %(table)s was scored as a forfeit: %(result)s."),
    "result_report": _("%(entry)s reported the result of table %(table)s: %(result)s."),
    "result_confirm": _("%(entry)s confirmed the result of table %(table)s: %(result)s."),
    "result_dispute": _(
        "%(entry)s disputed the result of table %(table)s: “%(reported)s” against “%(counter)s”."
    ),
    "result_from_match": _("Table %(table)s took the result of its clocked game: %(new)s."),
    "result_match_draw_in_bracket": _(
        "The clocked game of table %(table)s was drawn, but an elimination table needs a "
        "winner: the table is now disputed for the arbiter."
    ),
    "result_match_conflict": _(
        "The clocked game of table %(table)s ended “%(match_result)s”, "
        "unlike the confirmed result: the table is now disputed."
    ),
    "result_match_dispute": _(
        "The players of table %(table)s claim different results for its clocked game: the "
        "table is disputed until the arbiter decides."
    ),
    "tables_assign": _("Assigned the tables of round %(round)s as a draft (%(tables)s tables)."),
    "tables_start": _("Started the session of round %(round)s (%(minutes)s minutes)."),
    "table_details": _("Recorded the scenario and powers of table %(table)s."),
    "table_result_set": _("Entered the result of table %(table)s: %(result)s."),
    "table_result_ruling": _("Ruled on the disputed table %(table)s: %(result)s."),
    "table_result_correct": _("Corrected the result of table %(table)s to %(result)s: %(reason)s"),
    "table_result_report": _("%(entry)s reported the result of table %(table)s: %(result)s."),
    "table_result_confirm": _("%(entry)s confirmed the result of table %(table)s: %(result)s."),
    "table_result_dispute": _(
        "%(entry)s disputed the result of table %(table)s: “%(reported)s” against “%(counter)s”."
    ),
    "bracket_flag": _("Bracket match %(code)s needs review after a correction in %(source)s."),
}

# Details that hold a choice code, shown by their label.
_LABELS: dict[str, Any] = {
    "old": Pairing.Result,
    "new": Pairing.Result,
    "result": Pairing.Result,
    "reported": Pairing.Result,
    "counter": Pairing.Result,
    "match_result": Pairing.Result,
    "role": EventRole.Role,
}


def _label(choices: Any, value: Any) -> str:
    try:
        return str(choices(value).label)
    except ValueError:
        return str(value)


def _settings_changed(fields: Mapping[str, Any]) -> str:
    names = []
    for name, value in fields.items():
        try:
            verbose = str(Event._meta.get_field(name).verbose_name)
        except FieldDoesNotExist:  # a field since removed still reads as its name
            verbose = name
        names.append(f"{verbose} = {value}")
    return ", ".join(names)


class _Params(dict[str, Any]):
    """Sentence parameters; a fact the row does not have reads as "?" instead of failing."""

    def __missing__(self, key: str) -> str:
        return "?"


def audit_code(item: AuditLog) -> str:
    """The code whose sentence describes ``item`` (a check-out is its own sentence)."""
    if item.action == "entry_check_in" and item.details.get("checked_in") is False:
        return "entry_check_out"
    return item.action


def audit_sentence(item: AuditLog) -> str:
    """``item`` as one sentence in the active language."""
    template = SENTENCES.get(audit_code(item))
    if template is None:
        return item.action
    params = _Params({key: str(value) for key, value in item.details.items()})
    if item.action == "event_status":
        params["old"] = _label(Event.Status, item.details.get("old"))
        params["new"] = _label(Event.Status, item.details.get("new"))
    for key, choices in _LABELS.items():
        if key in item.details and item.action != "event_status":
            params[key] = _label(choices, item.details[key])
    if item.action == "event_update":
        params["fields"] = _settings_changed(item.details.get("fields") or {})
    if item.actor_entry is not None:
        params["entry"] = item.actor_entry.name
    if item.round_number is not None:
        params["round"] = str(item.round_number)
    if item.pairing is not None:
        params["table"] = str(item.pairing.table)
        params.setdefault("round", str(item.pairing.round.number))
    return str(template) % params
