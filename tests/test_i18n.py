"""Japanese and English are both shipped: catalogues complete, compiled, and served."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from scripts import i18n


def test_catalogues_are_complete_and_compiled() -> None:
    """Every source string is in both .po files, ja translates all, and the .mo files match.

    On failure: `make messages` (extract + compile), then translate what is new in
    locale/ja/LC_MESSAGES/django.po and run `make messages` again.
    """
    problems = i18n.check_catalogues()
    assert not problems, "\n".join(str(problem) for problem in problems)


def test_check_detects_a_stale_mo_file(tmp_path: Path) -> None:
    locale_dir = tmp_path / "locale"
    for language in i18n.LANGUAGES:
        target = i18n.po_path(language, locale_dir)
        target.parent.mkdir(parents=True)
        target.write_bytes(i18n.po_path(language).read_bytes())
    i18n.compile_catalogues(locale_dir=locale_dir)
    assert i18n.check_catalogues(locale_dir=locale_dir) == []

    po = i18n.po_path("ja", locale_dir)
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr "大会"', 'msgstr "イベント"', 1), encoding="utf-8")
    problems = i18n.check_catalogues(locale_dir=locale_dir)
    assert [p.path.name for p in problems] == ["django.mo"]


def test_check_detects_an_untranslated_japanese_message(tmp_path: Path) -> None:
    locale_dir = tmp_path / "locale"
    for language in i18n.LANGUAGES:
        target = i18n.po_path(language, locale_dir)
        target.parent.mkdir(parents=True)
        target.write_bytes(i18n.po_path(language).read_bytes())
    po = i18n.po_path("ja", locale_dir)
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr "大会"', 'msgstr ""', 1), encoding="utf-8")
    i18n.compile_catalogues(locale_dir=locale_dir)
    problems = [p.text for p in i18n.check_catalogues(locale_dir=locale_dir)]
    assert len(problems) == 1
    assert problems[0].startswith("untranslated:")


def test_mo_writer_round_trips_plurals_and_contexts() -> None:
    entries = {
        "": "Content-Type: text/plain; charset=utf-8\n",
        "Events": "大会",
        "month\x04May": "5月",
        "one game\x00%(count)s games": "%(count)s局",
    }
    assert i18n.parse_mo(i18n.render_mo(entries)) == entries


def test_template_strings_are_extracted() -> None:
    catalog = i18n.extract_template()
    assert "Gunshi Tournament" in catalog
    locations = {path for path, _ in catalog["Gunshi Tournament"].locations}
    assert "templates/home.html" in locations


@pytest.mark.parametrize(
    ("language", "title"),
    [("ja", "軍師軍略 トーナメント"), ("en", "Gunshi Tournament")],
)
@pytest.mark.django_db
def test_home_page_title_follows_accept_language(client: Client, language: str, title: str) -> None:
    response = client.get("/", headers={"accept-language": language})
    assert response.status_code == 200
    assert response["Content-Language"] == language
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    assert f"<title>{title}</title>" in html
    assert f'<h1 class="hero__title">{title}</h1>' in html


@pytest.mark.django_db
def test_japanese_is_the_default_language(client: Client) -> None:
    response = client.get("/", headers={"accept-language": "fr"})
    assert "<title>軍師軍略 トーナメント</title>" in response.content.decode()


@pytest.mark.django_db
def test_home_page_shows_the_site_name_in_both_languages(client: Client) -> None:
    for language in ("ja", "en"):
        html = client.get("/", headers={"accept-language": language}).content.decode()
        assert "軍師軍略 トーナメント" in html
        assert "Gunshi Tournament" in html


@pytest.mark.django_db
def test_language_switcher_sets_the_language(client: Client) -> None:
    response = client.post(
        "/i18n/setlang/", {"language": "en", "next": "/"}, headers={"accept-language": "ja"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/"
    html = client.get("/", headers={"accept-language": "ja"}).content.decode()
    assert "<title>Gunshi Tournament</title>" in html


def test_language_switcher_offers_both_languages() -> None:
    from django.template.loader import render_to_string
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    with translation.override("en"):
        html = render_to_string("components/language_switcher.html", request=request)
    assert 'value="ja"' in html
    assert 'value="en"' in html
    assert "日本語" in html
    assert "English" in html
