"""Admin pages: a read-mostly window on tournament data for staff.

Changes to events, entries, rounds and results belong to the organiser pages, which go through
the services (validation, audit log, live updates); here the audit log and the derived rows are
read-only, and the rest is for inspection and emergencies. Every page filters only on its declared
filters and never loads an entry's private token (``core.admin.GuardedModelAdmin``).
"""

from django.contrib import admin

from core.admin import GuardedModelAdmin
from tournaments.models import AuditLog, BracketMatch, Entry, Event, EventRole, Pairing, Round


class EventRoleInline(admin.TabularInline):  # type: ignore[type-arg]
    model = EventRole
    extra = 0


@admin.register(Event)
class EventAdmin(GuardedModelAdmin):
    list_display = ["name", "slug", "starts_on", "pairing_system", "status", "visibility"]
    list_filter = ["status", "pairing_system", "visibility", "online"]
    search_fields = ["name", "slug"]
    inlines = [EventRoleInline]
    readonly_fields = ["version", "draw_order", "created_at", "updated_at"]


@admin.register(Entry)
class EntryAdmin(GuardedModelAdmin):
    list_display = ["name", "event", "user", "rating", "status", "checked_in", "first_round"]
    list_filter = ["status", "checked_in"]
    search_fields = ["name", "event__name", "user__username"]
    secret_fields = ["token"]
    readonly_fields = ["created_at"]


class PairingInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Pairing
    fk_name = "round"
    extra = 0
    fields = ["table", "red", "blue", "result", "method", "confirmation", "disputed", "match_id"]
    readonly_fields = ["table", "red", "blue", "result", "method", "confirmation", "disputed"]
    can_delete = False


@admin.register(Round)
class RoundAdmin(GuardedModelAdmin):
    list_display = ["event", "number", "stage", "status", "published_at", "completed_at"]
    list_filter = ["status", "stage"]
    inlines = [PairingInline]


@admin.register(BracketMatch)
class BracketMatchAdmin(GuardedModelAdmin):
    list_display = ["event", "code", "red", "blue", "winner", "needs_review"]
    list_filter = ["bracket", "needs_review"]


@admin.register(AuditLog)
class AuditLogAdmin(GuardedModelAdmin):
    list_display = ["created_at", "event", "action", "round_number", "actor", "actor_entry"]
    list_filter = ["action"]
    search_fields = ["event__name", "action"]
    readonly_fields = [
        "event",
        "actor",
        "actor_entry",
        "action",
        "round_number",
        "pairing",
        "details",
        "created_at",
    ]

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False
