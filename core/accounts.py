"""Sign-up, log-in and log-out pages, so players can register for events themselves.

Log-in and log-out are Django's own views with the site's templates; sign-up creates the
account and logs the new player in at once, then returns to the page that sent them here.
"""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from core.forms import SignUpForm


class SiteLoginView(LoginView):
    template_name = "core/login.html"
    redirect_authenticated_user = True


def _safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return "/"


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in; a logged-in visitor is sent on at once."""
    if request.user.is_authenticated:
        return redirect(_safe_next(request))
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome, %(name)s: your account is ready.") % {"name": user})
        return redirect(_safe_next(request))
    return render(request, "core/signup.html", {"form": form, "next": _safe_next(request)})
