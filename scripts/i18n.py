"""Message catalogues without GNU gettext: extract, compile and check.

    python -m scripts.i18n extract  # sources -> locale/<lang>/LC_MESSAGES/django.po
    python -m scripts.i18n compile  # django.po -> django.mo (the .mo files are committed)
    python -m scripts.i18n check    # exit 1 when a catalogue is incomplete or a .mo is stale

`extract` keeps the existing translations and drops strings that left the sources.

Why: the site must run from a fresh clone on a machine without GNU gettext, so the compiled .mo
files are committed, and this module (Babel for reading/writing .po, Django's own `templatize`
for templates, and a small .mo writer) replaces `makemessages`/`compilemessages`. The test suite
runs the same checks (tests/test_i18n.py).

Sources scanned: `templates/` and `<app>/templates/` (.html, .txt) and the Python files of the
web apps (`config`, `core`, `tournaments`, `matches`; migrations excluded). `engine/` and `clock/`
are never scanned: they carry error codes, which the web layer translates.

Messages are written in English (the msgid); `ja` must translate every one, `en` may leave the
msgstr empty (Django then shows the msgid).
"""

from __future__ import annotations

import argparse
import io
import struct
import sys
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

BASE_DIR = Path(__file__).resolve().parent.parent
LOCALE_DIR = BASE_DIR / "locale"
LANGUAGES = ("ja", "en")
# Languages whose every message must carry a translation (msgids are English).
FULLY_TRANSLATED = ("ja",)
DOMAIN = "django"

PYTHON_SOURCES = ("config", "core", "tournaments", "matches")
TEMPLATE_DIRS = ("templates",)
TEMPLATE_SUFFIXES = (".html", ".txt")
EXCLUDED_PARTS = frozenset({"migrations", "__pycache__", "node_modules"})

KEYWORDS = {
    "_": None,
    "_t": None,  # ``gettext as _t`` beside ``gettext_lazy as _`` (e.g. matches.views_arbiter)
    "gettext": None,
    "gettext_lazy": None,
    "gettext_noop": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "npgettext_lazy": ((1, "c"), 2, 3),
}
COMMENT_TAGS = ("Translators",)
# A fixed creation date keeps regenerated catalogues free of noise diffs.
CREATION_DATE = datetime(2026, 1, 1, tzinfo=UTC)

MessageId = str | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason why the catalogues are not in order."""

    path: Path
    text: str

    def __str__(self) -> str:
        path = self.path.relative_to(BASE_DIR) if self.path.is_relative_to(BASE_DIR) else self.path
        return f"{path}: {self.text}"


# ----------------------------------------------------------------------------- sources


def _walk(root: Path, suffixes: tuple[str, ...]) -> Iterator[Path]:
    if not root.is_dir():
        return
    for path in sorted(root.rglob("*")):
        relative_parts = path.relative_to(root).parts
        if path.suffix in suffixes and path.is_file() and EXCLUDED_PARTS.isdisjoint(relative_parts):
            yield path


def source_files(base_dir: Path = BASE_DIR) -> tuple[list[Path], list[Path]]:
    """Return (Python files, template files) whose strings belong in the catalogues."""
    python = [p for name in PYTHON_SOURCES for p in _walk(base_dir / name, (".py",))]
    template_roots = [base_dir / d for d in TEMPLATE_DIRS]
    template_roots += [base_dir / name / "templates" for name in PYTHON_SOURCES]
    templates = [p for root in template_roots for p in _walk(root, TEMPLATE_SUFFIXES)]
    return python, templates


def _templatize(path: Path) -> str:
    # Django's own template-to-gettext-calls translation, as `makemessages` uses it.
    from django.utils.translation.template import templatize

    return templatize(path.read_text(encoding="utf-8"), origin=str(path))


def extract_template(base_dir: Path = BASE_DIR) -> Catalog:
    """Collect every translatable string of the sources into a template catalogue."""
    template = Catalog(project="gunshi-tournament", creation_date=CREATION_DATE, fuzzy=False)
    python, templates = source_files(base_dir)
    for path, is_template in [(p, False) for p in python] + [(p, True) for p in templates]:
        text = _templatize(path) if is_template else path.read_text(encoding="utf-8")
        fileobj = io.BytesIO(text.encode("utf-8"))
        location = path.relative_to(base_dir).as_posix()
        for lineno, message, comments, context in extract(
            "python",
            fileobj,
            keywords=KEYWORDS,
            comment_tags=COMMENT_TAGS,
            strip_comment_tags=False,
            options={"encoding": "utf-8"},
        ):
            msgid: MessageId = message if isinstance(message, str) else tuple(message)
            if not msgid or (isinstance(msgid, tuple) and not msgid[0]):
                continue
            template.add(
                msgid, locations=[(location, lineno)], auto_comments=comments, context=context
            )
    return template


# -------------------------------------------------------------------------------- files


def po_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return po_path(language, locale_dir).with_suffix(".mo")


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as fileobj:
        return read_po(fileobj, abort_invalid=True)


def render_po(catalog: Catalog) -> bytes:
    """Serialise a catalogue as .po text, without the tool-name header line."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, ignore_obsolete=True)
    lines = buffer.getvalue().splitlines(keepends=True)
    return b"".join(line for line in lines if not line.startswith(b'"Generated-By:'))


def _header(catalog: Catalog) -> str:
    pairs = [(key, value) for key, value in catalog.mime_headers if key != "Generated-By"]
    return "".join(f"{key}: {value.strip()}\n" for key, value in pairs)


def _forms(value: str | Iterable[str] | None) -> tuple[str, ...]:
    """A message id or string as its forms: one, or singular + plurals."""
    if value is None:
        return ("",)
    if isinstance(value, str):
        return (value,)
    return tuple(value)


def _msgid(value: str | Iterable[str] | None) -> MessageId:
    forms = _forms(value)
    return forms[0] if len(forms) == 1 else forms


def mo_entries(catalog: Catalog) -> dict[str, str]:
    """The key/value pairs a .mo file holds for `catalog` (translated, non-fuzzy messages)."""
    entries = {"": _header(catalog)}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        strings = _forms(message.string)
        if not all(strings):
            continue
        # Plural entries are keyed "singular\0plural"; contexts prefix "context\x04".
        key = "\0".join(_forms(message.id)[:2])
        if message.context:
            key = f"{message.context}\x04{key}"
        entries[key] = "\0".join(strings)
    return entries


def render_mo(entries: dict[str, str]) -> bytes:
    """Write GNU .mo bytes (little-endian, no hash table), as CPython's Tools/i18n/msgfmt.py."""
    keys = sorted(entries, key=lambda k: k.encode("utf-8"))
    ids = strs = b""
    offsets = []
    for key in keys:
        key_bytes, value_bytes = key.encode("utf-8"), entries[key].encode("utf-8")
        offsets.append((len(ids), len(key_bytes), len(strs), len(value_bytes)))
        ids += key_bytes + b"\0"
        strs += value_bytes + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    key_table: list[int] = []
    value_table: list[int] = []
    for id_offset, id_length, str_offset, str_length in offsets:
        key_table += [id_length, id_offset + key_start]
        value_table += [str_length, str_offset + value_start]
    header = struct.pack("<Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    tables = array("i", key_table + value_table)
    if sys.byteorder == "big":
        tables.byteswap()
    return header + tables.tobytes() + ids + strs


def parse_mo(data: bytes) -> dict[str, str]:
    """Read the key/value pairs of any GNU .mo file (either byte order)."""
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _, count, key_table, value_table = struct.unpack(f"{order}4I", data[4:20])
    entries = {}
    for index in range(count):
        key_length, key_offset = struct.unpack_from(f"{order}2I", data, key_table + 8 * index)
        value_length, value_offset = struct.unpack_from(f"{order}2I", data, value_table + 8 * index)
        key = data[key_offset : key_offset + key_length].decode("utf-8")
        entries[key] = data[value_offset : value_offset + value_length].decode("utf-8")
    return entries


# ------------------------------------------------------------------------------ commands


def update_catalogues(
    languages: Iterable[str] = LANGUAGES,
    locale_dir: Path = LOCALE_DIR,
    base_dir: Path = BASE_DIR,
) -> list[Path]:
    """Merge the source strings into each language's .po; return the files that changed."""
    template = extract_template(base_dir)
    changed = []
    for language in languages:
        path = po_path(language, locale_dir)
        if path.exists():
            catalog = read_catalog(path)
        else:
            catalog = Catalog(
                locale=language,
                project="gunshi-tournament",
                version="1",
                header_comment=f"# Messages of the Gunshi Tournament site ({language}).\n#",
                language_team="Gunshi Tournament",
                last_translator="Gunshi Tournament",
                creation_date=CREATION_DATE,
                revision_date=CREATION_DATE,
                fuzzy=False,
            )
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        data = render_po(catalog)
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            changed.append(path)
    return changed


def compile_catalogues(
    languages: Iterable[str] = LANGUAGES, locale_dir: Path = LOCALE_DIR
) -> list[Path]:
    """Write each language's .mo from its .po; return the files that changed."""
    changed = []
    for language in languages:
        data = render_mo(mo_entries(read_catalog(po_path(language, locale_dir))))
        path = mo_path(language, locale_dir)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            changed.append(path)
    return changed


def _ids(catalog: Catalog) -> set[tuple[str | None, MessageId]]:
    return {(m.context, _msgid(m.id)) for m in catalog if m.id}


def check_catalogues(
    languages: Iterable[str] = LANGUAGES,
    locale_dir: Path = LOCALE_DIR,
    base_dir: Path = BASE_DIR,
) -> list[Problem]:
    """Everything that `extract` + translating + `compile` would still have to fix."""
    problems = []
    source_ids = _ids(extract_template(base_dir))
    for language in languages:
        po = po_path(language, locale_dir)
        if not po.exists():
            problems.append(Problem(po, "missing: run `make messages`"))
            continue
        catalog = read_catalog(po)
        catalog_ids = _ids(catalog)
        for context, msgid in sorted(source_ids - catalog_ids, key=repr):
            problems.append(Problem(po, f"not extracted yet: {msgid!r} (context {context!r})"))
        for context, msgid in sorted(catalog_ids - source_ids, key=repr):
            problems.append(Problem(po, f"no longer in the sources: {msgid!r} ({context!r})"))
        for message in catalog:
            if not message.id:
                continue
            strings = _forms(message.string)
            if message.fuzzy:
                problems.append(Problem(po, f"fuzzy translation of {message.id!r}"))
            elif language in FULLY_TRANSLATED and not all(strings):
                problems.append(Problem(po, f"untranslated: {message.id!r}"))
        mo = mo_path(language, locale_dir)
        expected = mo_entries(catalog)
        if not mo.exists():
            problems.append(Problem(mo, "missing: run `make messages`"))
        elif _without_header(parse_mo(mo.read_bytes())) != _without_header(expected):
            problems.append(Problem(mo, "stale (differs from the .po): run `make messages`"))
    return problems


def _without_header(entries: dict[str, str]) -> dict[str, str]:
    return {key: value for key, value in entries.items() if key}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scripts.i18n",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("command", choices=("extract", "compile", "check"))
    args = parser.parse_args(argv)
    if args.command == "extract":
        for path in update_catalogues():
            print(f"updated {path.relative_to(BASE_DIR)}")
        return 0
    if args.command == "compile":
        for path in compile_catalogues():
            print(f"compiled {path.relative_to(BASE_DIR)}")
        return 0
    problems = check_catalogues()
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print("Message catalogues are complete and compiled.")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
