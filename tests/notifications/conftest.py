"""Fixtures of the notification tests: accounts, with or without a verified address and a
chosen language, and the nudges the live side would send (captured)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def make_account(db: None, django_user_model: Any, password: str) -> Any:
    """``make_account("name", email=..., verified=True, language="en")``."""
    from allauth.account.models import EmailAddress

    from core.accounts.profiles import profile_for

    def make(username: str, *, email: str = "", verified: bool = True, language: str = "") -> Any:
        user = django_user_model.objects.create_user(
            username=username, password=password, email=email
        )
        if email:
            EmailAddress.objects.create(user=user, email=email, verified=verified, primary=True)
        if language:
            profile = profile_for(user)
            profile.language = language
            profile.save(update_fields=["language"])
        return user

    return make


@pytest.fixture
def nudges(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The user ids the live side nudged, one per committed notification (or marking read)."""
    from notifications import live

    sent: list[int] = []
    monkeypatch.setattr(live, "announce", sent.append)
    return sent
