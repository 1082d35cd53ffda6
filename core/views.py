"""Site-wide views."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    """The landing page: the site name and links to what exists so far."""
    return render(request, "home.html")
