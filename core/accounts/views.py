"""The account settings page and the language switcher.

Sign-up, log-in, log-out, e-mail, password change and reset are allauth's views
(``allauth.account.views``, under /accounts/ in ``config.urls``).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from core.accounts.forms import AccountSettingsForm
from core.accounts.preferences import remember
from core.accounts.profiles import profile_for, profile_update
from core.models import PlayerProfile
from notifications.forms import EmailKindsForm
from notifications.selectors import email_kinds_of, verified_address_of


@login_required
def account_settings(request: HttpRequest) -> HttpResponse:
    """Show and save the player's display name, language, time zone and search privacy; show
    which notifications also come by e-mail (saved by ``notifications.views.email_choice``)."""
    profile = profile_for(request.user)  # type: ignore[arg-type]
    form = AccountSettingsForm.for_profile(profile, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            profile = profile_update(user=request.user, **form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            remember(request, profile)
            if profile.language:
                translation.activate(profile.language)
            messages.success(request, _("Your settings are saved."))
            return redirect("core:account_settings")
    context = {
        "form": form,
        "profile": profile,
        # The section "Notifications by e-mail" posts to notifications:email_choice.
        "email_form": EmailKindsForm.for_kinds(email_kinds_of(user_id=request.user.pk)),
        "verified_address": verified_address_of(user_id=request.user.pk),
    }
    return render(request, "account/settings.html", context)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's language switcher; for a logged-in player who chose a language in their
    settings, the choice itself changes, since it overrides the switcher's cookie."""
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in (
        PlayerProfile.Language.JAPANESE,
        PlayerProfile.Language.ENGLISH,
    ):
        profile = profile_for(request.user)  # type: ignore[arg-type]
        if profile.language and profile.language != language:
            profile.language = language
            profile.save(update_fields=["language"])
            remember(request, profile)
    return response
