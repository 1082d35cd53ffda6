"""Template context shared by every page."""

from django.http import HttpRequest

from core.navigation import NavLink, available_links


def site(request: HttpRequest) -> dict[str, list[NavLink]]:
    """Expose the navigation links that lead to existing pages as `nav_links`."""
    return {"nav_links": available_links()}
