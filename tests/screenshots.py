"""Photographing a page as its user sees it, in both languages and both sizes.

``photograph(context, url, stem)`` opens ``url`` in a fresh tab of ``context`` (the user's
browser) for English and Japanese (the language cookie) at 1280×900 and 390×844, lets
``prepare(page)`` wait for what the picture must show, and writes
``artifacts/screenshots/<stem>-<desktop|phone>-<en|ja>.png`` (git-ignored). With
``fits_width`` it also checks the page never scrolls sideways.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.live_server import ROOT

SHOTS = ROOT / "artifacts" / "screenshots"
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def photograph(
    context: Any,
    url: str,
    stem: str,
    prepare: Callable[[Any], None] | None = None,
    *,
    full_page: bool = False,
    fits_width: bool = False,
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for language in ("en", "ja"):
        context.add_cookies([{"name": "django_language", "value": language, "url": url}])
        for size, viewport in VIEWPORTS.items():
            page = context.new_page()
            page.set_viewport_size(viewport)
            page.goto(url)
            if prepare is not None:
                prepare(page)
            page.screenshot(path=str(SHOTS / f"{stem}-{size}-{language}.png"), full_page=full_page)
            if fits_width:
                width = page.evaluate("() => document.documentElement.scrollWidth")
                assert width <= viewport["width"], f"{stem}: {width}px wide at {size}"
            page.close()
    context.clear_cookies(name="django_language")
