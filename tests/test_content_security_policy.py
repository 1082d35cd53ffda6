"""The Content-Security-Policy is sent, and no template carries code it would block: no inline
script, no inline event handler, no inline style (all code and styles are static files)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.DOTALL | re.IGNORECASE)
HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
STYLE = re.compile(r"<style\b|<[^>]*\sstyle\s*=", re.IGNORECASE)
DATA_TYPES = ('type="application/json"', "type='application/json'")


def _templates() -> list[Path]:
    return sorted(TEMPLATES.rglob("*.html"))


@pytest.mark.parametrize("template", _templates(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_template_has_inline_code(template: Path) -> None:
    text = template.read_text(encoding="utf-8")
    for attributes, body in SCRIPT.findall(text):
        if any(kind in attributes for kind in DATA_TYPES):
            continue
        assert "src=" in attributes, f"inline <script> in {template}"
        assert not body.strip(), f"inline <script> in {template}"
    assert not HANDLER.search(text), f"inline event handler in {template}"
    assert not STYLE.search(text), f"inline style in {template}"


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/matches/records/", "/admin/login/"])
def test_pages_send_a_strict_policy(client: Client, path: str) -> None:
    policy = client.get(path)["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in policy
