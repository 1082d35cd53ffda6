"""The one base class of the project's admin pages: declared filters only, secrets never loaded.

Django's changelist accepts a query-string lookup on *any* local field of the model
(``?state__sides__0__general=c4``, ``?red_token__regex=^a``): the page shows one row or none,
so anyone who can open the list learns a hidden value one yes/no question at a time. Staff
accounts include organisers, who must not learn a running game's hidden information or a
player's private token. ``GuardedModelAdmin`` therefore

- accepts only the query parameters its declared ``list_filter`` (and ``date_hierarchy``) send,
  in the shapes Django's built-in list filters use; anything else is refused
  (``DisallowedModelAdminLookup``, an HTTP 400) before a query runs;
- never loads its ``secret_fields`` (``QuerySet.defer``) and keeps them out of every form;
- refuses, as a system check error, a ``secret_fields`` name in ``list_display``,
  ``list_filter``, ``search_fields``, ``ordering``, ``sortable_by``, ``fields``,
  ``readonly_fields`` or ``date_hierarchy``, so no later change can put one back on a page,
  in a search or in a sort order (``?o=`` only sorts by ``list_display`` columns).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from django.contrib import admin
from django.contrib.admin import widgets
from django.contrib.admin.filters import ListFilter
from django.core import checks
from django.db.models import QuerySet
from django.db.models.constants import LOOKUP_SEP
from django.http import HttpRequest

#: The parameters Django's built-in list filters put in the query string, after the field path
#: (``status__exact``, ``event__id__exact``, ``created_at__gte``, ``disputed__isnull``...).
FILTER_PARAMETER_SUFFIXES: frozenset[str] = frozenset(
    {"exact", "isnull", "gte", "lt", "isempty", "id__exact", "pk__exact"}
)
DATE_HIERARCHY_SUFFIXES: frozenset[str] = frozenset({"year", "month", "day"})

#: The options a secret field must never appear in.
_GUARDED_OPTIONS = (
    "list_display",
    "list_display_links",
    "list_filter",
    "search_fields",
    "ordering",
    "sortable_by",
    "fields",
    "readonly_fields",
    "date_hierarchy",
)


def _field_path(item: Any) -> str | None:
    """The field path one ``list_filter`` item filters on (``None`` for a custom filter)."""
    if isinstance(item, str):
        return item
    if isinstance(item, list | tuple) and item and isinstance(item[0], str):
        return item[0]
    return None


def _names(value: Any) -> Iterable[str]:
    """Every field name mentioned by one admin option's value."""
    if value is None:
        return
    if isinstance(value, str):
        value = [value]
    for item in value:
        if isinstance(item, list | tuple):
            yield from _names(item)
        elif isinstance(item, str):
            yield item.lstrip("-^=@").split(LOOKUP_SEP)[0]


class GuardedModelAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """A ``ModelAdmin`` that filters only as declared and never loads ``secret_fields``."""

    #: Fields that hold hidden information or credentials: never loaded, shown or filtered on.
    secret_fields: ClassVar[Sequence[str]] = ()

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        if self._is_related_popup_lookup(lookup, value):
            return True
        return lookup in self._declared_parameters(request)

    def _declared_parameters(self, request: HttpRequest | None) -> set[str]:
        """The query parameters that the declared list filters and date hierarchy send."""
        allowed: set[str] = set()
        filters = self.get_list_filter(request) if request is not None else self.list_filter
        for item in filters:
            if isinstance(item, type) and issubclass(item, ListFilter):
                allowed.add(getattr(item, "parameter_name", ""))
                continue
            path = _field_path(item)
            if path is not None:
                allowed.update(f"{path}__{suffix}" for suffix in FILTER_PARAMETER_SUFFIXES)
        if self.date_hierarchy:
            allowed.update(f"{self.date_hierarchy}__{part}" for part in DATE_HIERARCHY_SUFFIXES)
        return allowed

    def _is_related_popup_lookup(self, lookup: str, value: str) -> bool:
        """Django's own exception: the ``limit_choices_to`` of a raw-id popup on this model."""
        for fk_lookup in self.model._meta.related_fkey_lookups:
            lookups = fk_lookup() if callable(fk_lookup) else fk_lookup
            if (lookup, value) in widgets.url_params_from_lookup_dict(lookups).items():
                return True
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        queryset = super().get_queryset(request)
        return queryset.defer(*self.secret_fields) if self.secret_fields else queryset

    def get_exclude(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [*(super().get_exclude(request, obj) or ()), *self.secret_fields]

    def check(self, **kwargs: Any) -> list[checks.CheckMessage]:
        errors: list[checks.CheckMessage] = list(super().check(**kwargs))
        secrets = set(self.secret_fields)
        for option in _GUARDED_OPTIONS:
            exposed = secrets.intersection(_names(getattr(self, option, None)))
            errors.extend(
                checks.Error(
                    f"{type(self).__name__}.{option} mentions the secret field {name!r}.",
                    obj=type(self),
                    id="core.E001",
                )
                for name in sorted(exposed)
            )
        return errors
