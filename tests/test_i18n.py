"""Japanese and English are both shipped: catalogues complete, compiled, and served."""

from __future__ import annotations

import gettext
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


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A miniature project: one template, one Python module, catalogues extracted."""
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "page.html").write_text(
        "{% load i18n %}<h1>{% translate 'Events' %}</h1>\n"
        "{% blocktranslate count n=games %}one game{% plural %}{{ n }} games"
        "{% endblocktranslate %}\n",
        encoding="utf-8",
    )
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "labels.py").write_text(
        "from django.utils.translation import pgettext_lazy\nMAY = pgettext_lazy('month', 'May')\n",
        encoding="utf-8",
    )
    i18n.update_catalogues(locale_dir=tmp_path / "locale", base_dir=tmp_path)
    return tmp_path


def translate_ja(project: Path, translations: dict[str, str | tuple[str, ...]]) -> None:
    path = i18n.po_path("ja", project / "locale")
    catalog = i18n.read_catalog(path)
    for message in catalog:
        key = message.id[0] if isinstance(message.id, tuple | list) else message.id
        if key in translations:
            message.string = translations[key]
    path.write_bytes(i18n.render_po(catalog))


def check(project: Path) -> list[str]:
    problems = i18n.check_catalogues(locale_dir=project / "locale", base_dir=project)
    return [f"{p.path.name}: {p.text}" for p in problems]


def test_extract_translate_compile_cycle(project: Path) -> None:
    locale_dir = project / "locale"
    assert any(p.startswith("django.po: untranslated") for p in check(project))

    translate_ja(project, {"Events": "大会", "one game": ("%(n)s局",), "May": "5月"})
    i18n.compile_catalogues(locale_dir=locale_dir)
    assert check(project) == []

    with i18n.mo_path("ja", locale_dir).open("rb") as fileobj:
        translations = gettext.GNUTranslations(fileobj)
    assert translations.gettext("Events") == "大会"
    assert translations.ngettext("one game", "%(n)s games", 3) == "%(n)s局"
    assert translations.pgettext("month", "May") == "5月"

    # Re-extracting keeps the translations and changes nothing.
    assert i18n.update_catalogues(locale_dir=locale_dir, base_dir=project) == []


def test_check_detects_a_stale_mo_file(project: Path) -> None:
    translate_ja(project, {"Events": "大会", "one game": ("%(n)s局",), "May": "5月"})
    i18n.compile_catalogues(locale_dir=project / "locale")
    translate_ja(project, {"Events": "イベント"})
    assert check(project) == ["django.mo: stale (differs from the .po): run `make messages`"]


def test_check_detects_new_and_removed_source_strings(project: Path) -> None:
    translate_ja(project, {"Events": "大会", "one game": ("%(n)s局",), "May": "5月"})
    i18n.compile_catalogues(locale_dir=project / "locale")
    (project / "templates" / "page.html").write_text(
        "{% load i18n %}{% translate 'Standings' %}", encoding="utf-8"
    )
    problems = check(project)
    assert "django.po: not extracted yet: 'Standings' (context None)" in problems
    assert "django.po: no longer in the sources: 'Events' (None)" in problems


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
    [("ja", "軍師トーナメント"), ("en", "Gunshi Tournament")],
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
    assert "<title>軍師トーナメント</title>" in response.content.decode()


@pytest.mark.django_db
def test_home_page_shows_the_site_name_in_both_languages(client: Client) -> None:
    for language in ("ja", "en"):
        html = client.get("/", headers={"accept-language": language}).content.decode()
        assert "軍師トーナメント" in html
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


# ------------------------------------------------------------------ untranslated text


def test_sources_put_no_untranslated_text_on_the_page() -> None:
    """No flash message from a plain literal, no unknown gettext alias, no words in scripts.

    On failure: wrap the message in gettext(); import gettext under a name the extractor knows;
    give the script its words through the page's translated labels (static/js/i18n.js).
    """
    problems = i18n.check_sources()
    assert not problems, "\n".join(str(problem) for problem in problems)


def write(root: Path, relative: str, text: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def problems_in(root: Path) -> list[str]:
    return [f"{p.path.name}: {p.text.split(':')[0]}" for p in i18n.check_sources(base_dir=root)]


@pytest.mark.parametrize(
    "code",
    [
        'messages.success(request, "Clock paused.")',
        'messages.error(request, f"Table {n} is not ready.")',
        'messages.add_message(request, messages.INFO, "Saved")',
        'messages.info(request, message="Saved")',
    ],
)
def test_check_refuses_a_flash_message_from_a_literal(tmp_path: Path, code: str) -> None:
    write(tmp_path, "matches/views.py", f"from django.contrib import messages\n{code}\n")
    assert problems_in(tmp_path) == ["views.py: line 2"]


@pytest.mark.parametrize(
    "code",
    [
        'messages.success(request, _("Clock paused."))',
        'messages.success(request, gettext("Paused %(n)d boards.") % {"n": 2})',
        'messages.error(request, f"{label}: {error}")',
        "messages.error(request, message_for(error))",
    ],
)
def test_check_accepts_translated_flash_messages(tmp_path: Path, code: str) -> None:
    write(
        tmp_path,
        "matches/views.py",
        "from django.contrib import messages\n"
        "from django.utils.translation import gettext, gettext as _\n"
        f"{code}\n",
    )
    assert problems_in(tmp_path) == []


def test_check_refuses_a_gettext_alias_the_extractor_does_not_know(tmp_path: Path) -> None:
    write(
        tmp_path,
        "matches/views.py",
        "from django.utils.translation import gettext as tr\nDONE = tr('Clock paused.')\n",
    )
    assert problems_in(tmp_path) == ["views.py: line 1"]


@pytest.mark.parametrize(
    "line",
    [
        'status.textContent = "Connection lost";',
        'button.title = "Undo";',
        'html("button", { "aria-label": "Close" });',
        'element.setAttribute("placeholder", "Search");',
        'if (!window.confirm("Resign?")) return;',
        'const label = "Your turn.";',
        "const label = `Waiting for ${name} to move`;",
        'const label = "手番です";',
        "badge.textContent = `${count} moves`;",
    ],
)
def test_check_refuses_words_written_into_a_script(tmp_path: Path, line: str) -> None:
    write(tmp_path, "static/js/page.js", f"// A page script.\n{line}\n")
    assert problems_in(tmp_path) == ["page.js: line 2"]


@pytest.mark.parametrize(
    "line",
    [
        'status.textContent = t("connection_lost");',
        'button.title = t("undo", { n: 2 });',
        'const glyph = { I: "歩", A: "弓" }[kind];',
        'element.className = "button button--quiet";',
        'if (event.key === "Home") first();',
        "const pattern = /^deploy fence (a1|b2)$/;",
        "const ratio = total / count; const rest = `${ratio}`;",
        "// Shows “Your turn.” (the label comes from the page): 手番です",
        '/* The board\'s title is "Gunshi" */ draw();',
        'console.warn("Frame out of order"); // i18n-ignore: developer log',
        'status.textContent = `${t("clock")} ${formatClock(ms)}`;',
    ],
)
def test_check_accepts_scripts_that_read_their_words_from_the_page(
    tmp_path: Path, line: str
) -> None:
    write(tmp_path, "static/js/page.js", f"{line}\n")
    assert problems_in(tmp_path) == []
