"""Photographing a page as its user sees it, in both languages and both sizes.

``photograph(context, url, stem)`` opens ``url`` in a fresh tab of ``context`` (the user's
browser) for English and Japanese (the language cookie) at 1280×900 and 390×844, lets
``prepare(page)`` wait for what the picture must show, and writes
``artifacts/screenshots/<stem>-<desktop|phone>-<en|ja>.png`` (git-ignored). With
``fits_width`` it also checks the page never scrolls sideways. ``shoot_sizes(page, name)`` takes
the page a test is on at both sizes, and ``shoot(page, name)`` takes it as it is.

Every picture of the suite is written through ``save_screenshot``, and only where somebody will
look at it: in CI (the ``ci`` profile of tests/sampling.py, which ``.ci/run`` sets) and when asked
with ``GUNSHI_SCREENSHOTS=1`` (``make screenshots``). An everyday run still opens every page
in every language and size and checks what the test checks there; it only skips encoding the
PNG files, about 300 of them at a quarter of a second of Chromium's CPU each.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests import sampling
from tests.live_server import ROOT

SHOTS = ROOT / "artifacts" / "screenshots"
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
#: Whether this run writes its pictures (see the module's docstring).
WRITE = sampling.FULL or os.environ.get("GUNSHI_SCREENSHOTS") == "1"


def save_screenshot(page: Any, *, path: str | Path, full_page: bool = False) -> Path | None:
    """Write a screenshot of ``page`` to ``path`` when this run writes pictures (``WRITE``):
    the file's path, or ``None`` when the run writes none."""
    if not WRITE:
        return None
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=full_page)
    return path


def assert_fits_width(page: Any, width: int, label: str) -> None:
    """The page never scrolls sideways: it is no wider than ``width`` pixels."""
    scroll_width = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll_width <= width, f"{label}: {scroll_width}px wide"


def shoot(page: Any, name: str, *, full_page: bool = False) -> Path | None:
    """The page as it is now: ``artifacts/screenshots/<name>.png`` (``None`` when the run writes
    no pictures)."""
    return save_screenshot(page, path=SHOTS / f"{name}.png", full_page=full_page)


def shoot_sizes(
    page: Any,
    name: str,
    *,
    full_page: bool = True,
    settle_ms: int = 0,
    fits_width: bool = False,
) -> list[Path]:
    """The page as it is now at each size of ``VIEWPORTS``: ``<name>-<desktop|phone>.png``.

    ``settle_ms`` lets a layout that listens to the window's size redraw first; ``fits_width``
    checks the page never scrolls sideways. The page gets its own size back; the pictures
    written are returned."""
    own = page.viewport_size
    written = []
    for size, viewport in VIEWPORTS.items():
        page.set_viewport_size(viewport)
        if settle_ms:
            page.wait_for_timeout(settle_ms)
        path = shoot(page, f"{name}-{size}", full_page=full_page)
        if path is not None:
            written.append(path)
        if fits_width:
            assert_fits_width(page, viewport["width"], f"{name} at {size}")
    if own:
        page.set_viewport_size(own)
    return written


def photograph(
    context: Any,
    url: str,
    stem: str,
    prepare: Callable[[Any], None] | None = None,
    *,
    full_page: bool = False,
    fits_width: bool = False,
) -> None:
    """``url`` in a fresh tab per language and size (see the module's docstring)."""
    for language in ("en", "ja"):
        context.add_cookies([{"name": "django_language", "value": language, "url": url}])
        for size, viewport in VIEWPORTS.items():
            page = context.new_page()
            page.set_viewport_size(viewport)
            page.goto(url)
            if prepare is not None:
                prepare(page)
            save_screenshot(page, path=SHOTS / f"{stem}-{size}-{language}.png", full_page=full_page)
            if fits_width:
                assert_fits_width(page, viewport["width"], f"{stem} at {size}")
            page.close()
    context.clear_cookies(name="django_language")
