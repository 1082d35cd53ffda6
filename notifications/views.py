"""The notification pages: the list, the bell fragment, opening one, marking read, the e-mail
choice. Every view is for the signed-in reader only, and reaches only their own notifications
(the services decide: another account's notification is not found).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from notifications.forms import EmailKindsForm
from notifications.selectors import bell_of, notifications_of, unread_count
from notifications.services import (
    NotificationNotFoundError,
    email_kinds_set,
    mark_read,
    notification_open,
)

PAGE_SIZE = 20


def _back(request: HttpRequest, default: str = "notifications:list") -> HttpResponse:
    """Back to the page the form was on (``next``, a path of this site), else ``default``."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(target)
    return redirect(default)


@login_required
@require_GET
def notification_list(request: HttpRequest) -> HttpResponse:
    page = Paginator(notifications_of(user=request.user), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    context = {"page": page, "unread": unread_count(user=request.user)}
    return render(request, "notifications/list.html", context)


@never_cache
@require_GET
def bell_fragment(request: HttpRequest) -> HttpResponse:
    """The bell, as the header shows it: what a page fetches when its socket says
    ``notified`` (a visitor: the 403 page; the page keeps what it shows)."""
    if not request.user.is_authenticated:
        raise PermissionDenied
    path = request.GET.get("path", "")
    page_path = (
        path if path.startswith("/") and not path.startswith("//") and len(path) <= 500 else ""
    )
    context = {
        "bell": bell_of(user=request.user),
        "page_path": page_path or reverse("notifications:list"),
    }
    return render(request, "components/bell_panel.html", context)


@login_required
@require_POST
def notification_follow(request: HttpRequest, notification_id: int) -> HttpResponse:
    """Open a notification: marked read, then its page."""
    try:
        row = notification_open(user=request.user, notification_id=notification_id)
    except NotificationNotFoundError:
        raise Http404 from None
    return redirect(row.url)


@login_required
@require_POST
def notification_read(request: HttpRequest, notification_id: int) -> HttpResponse:
    """Mark one notification read, staying on the page."""
    try:
        notification_open(user=request.user, notification_id=notification_id)
    except NotificationNotFoundError:
        raise Http404 from None
    return _back(request)


@login_required
@require_POST
def notification_read_all(request: HttpRequest) -> HttpResponse:
    changed = mark_read(user=request.user)
    if changed:
        messages.success(request, _("All notifications are marked read."))
    return _back(request)


@login_required
@require_POST
def email_choice(request: HttpRequest) -> HttpResponse:
    """The account settings' section "Notifications by e-mail"."""
    form = EmailKindsForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("Unknown kind of notification."))
    email_kinds_set(user=request.user, kinds=form.cleaned_data["kinds"])
    messages.success(request, _("Your e-mail notifications are saved."))
    return redirect(f"{reverse('core:account_settings')}#notifications")
