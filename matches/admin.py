"""Admin: a read-only window on matches, their audit history and clock log.

Changes go through the services (arbiter operations, the API), never through admin forms. The
fields that hold players' secrets while a game runs — the cached engine state, the action log,
the format's deal seed and the seat tokens — are not shown at all: staff accounts include
organisers, who must not see a running game's hidden information.
"""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from core.admin import GuardedModelAdmin
from matches.models import ClockLogEntry, Match, MatchEvent, MatchMove


class ReadOnlyInline(admin.TabularInline):  # type: ignore[type-arg]
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ClockLogInline(ReadOnlyInline):
    model = ClockLogEntry
    fields = [
        "seq", "ply", "kind", "at", "seat", "elapsed_ms", "lag_ms", "credit_ms", "charged_ms",
        "increment_ms", "delta_ms", "remaining_red_ms", "remaining_blue_ms", "note", "actor",
    ]  # fmt: skip
    readonly_fields = fields


class EventInline(ReadOnlyInline):
    """The audit history, without ``detail``: a decision's detail is its action text, which
    can reveal a hidden choice (where a general was deployed) while the game runs."""

    model = MatchEvent
    fields = ["created_at", "kind", "seat", "ply", "actor"]
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).defer("detail")


class MoveInline(ReadOnlyInline):
    """The decisions with their audit and clock facts, without their texts (a decision's text
    can reveal a hidden choice while the game runs)."""

    model = MatchMove
    fields = [
        "ply", "seat", "created_at", "actor", "lag_ms", "clock_seq", "clock_kind", "clock_at",
        "elapsed_ms", "credit_ms", "charged_ms", "increment_ms", "remaining_red_ms",
        "remaining_blue_ms",
    ]  # fmt: skip
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).defer("action", "masked")


@admin.register(Match)
class MatchAdmin(GuardedModelAdmin):
    secret_fields = ["state", "game_format", "red_token", "blue_token"]
    list_display = ["id", "red_name", "blue_name", "kind", "status", "winner", "method", "ply"]
    list_filter = ["status", "kind", "variant", "disputed"]
    search_fields = ["red_name", "blue_name"]
    fields = [
        "kind", "status", "red_player", "red_name", "blue_player", "blue_name", "variant",
        "time_control", "ply", "flag_deadline", "winner", "method", "finished_at", "disputed",
        "otb_reports", "event_id", "pairing_id", "created_at", "started_at", "updated_at",
    ]  # fmt: skip
    readonly_fields = fields
    inlines = [MoveInline, EventInline, ClockLogInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
