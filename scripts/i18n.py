"""Message catalogues without GNU gettext: extract, compile and check.

    python -m scripts.i18n extract  # sources -> locale/<lang>/LC_MESSAGES/django.po
    python -m scripts.i18n compile  # django.po -> django.mo (the .mo files are committed)
    python -m scripts.i18n check    # exit 1 when a catalogue is incomplete or a .mo is stale,
                                    # or when text reaches the page untranslated (below)

`extract` keeps the existing translations and drops strings that left the sources.

Why: the site must run from a fresh clone on a machine without GNU gettext, so the compiled .mo
files are committed, and this module (Babel for reading/writing .po, Django's own `templatize`
for templates, and a small .mo writer) replaces `makemessages`/`compilemessages`. The test suite
runs the same checks (tests/test_i18n.py).

Sources scanned: `templates/` and `<app>/templates/` (.html, .txt) and the Python files of the
web apps (`config`, `core`, `games`, `tournaments`, `matches`, `players`, `play`,
`notifications`, `analysis`; migrations excluded).
`engine/` and `clock/` are never scanned: they carry error codes, which the web layer translates.

Messages are written in English (the msgid); `ja` must translate every one, `en` may leave the
msgstr empty (Django then shows the msgid).

`check` also refuses text that would reach a visitor untranslated (`check_sources`): a
`django.contrib.messages` call given a string literal, a translation function imported under a
name the extractor does not know, and words written into `static/js/` (scripts read their
labels from the JSON block the template renders, see `static/js/i18n.js`).
"""

from __future__ import annotations

import argparse
import ast
import io
import re
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

PYTHON_SOURCES = (
    "config",
    "core",
    "games",
    "tournaments",
    "matches",
    "players",
    "play",
    "notifications",
    "analysis",
)
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


# ------------------------------------------------------------------- untranslated text

TRANSLATION_MODULE = "django.utils.translation"
MESSAGE_FUNCTIONS = frozenset({"debug", "info", "success", "warning", "error"})
JS_SOURCES = ("static/js",)
JS_IGNORE_MARK = "i18n-ignore"
# Two Japanese characters in a row are words; a single one is a glyph (the 歩 on a piece).
_JAPANESE_WORD = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]{2}")
_LETTERS = re.compile(r"[A-Za-z]{2}")
# What a string is handed to when it is put on the page (assignment, call or attribute key).
_JS_TEXT_SINK = re.compile(
    r"(?:\.(?:textContent|innerText|title|placeholder|ariaLabel|alt)\s*\+?=\s*"
    r"|\b(?:alert|confirm|prompt)\(\s*"
    r"|\.setAttribute\(\s*[\"'](?:title|aria-label|placeholder|alt)[\"']\s*,\s*"
    r"|[\s{,][\"']?(?:title|aria-label|placeholder|alt)[\"']?\s*:\s*)$"
)
# An English sentence or phrase: a capitalised word followed by more words ("Your turn.").
_ENGLISH_PHRASE = re.compile(r"^\s*[A-Z][a-z]+(?:[ ,.:;!?'’-]+[A-Za-z]+)+[.!?:…]?\s*$")
_JS_REGEX_AFTER = frozenset("(,=:[!&|?{};+-*%<>~^")


def _has_text(node: ast.expr) -> bool:
    """A literal with words in it: a plain string, or an f-string whose fixed parts have some."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(_LETTERS.search(node.value) or _JAPANESE_WORD.search(node.value))
    if isinstance(node, ast.JoinedStr):
        return any(_has_text(part) for part in node.values if isinstance(part, ast.Constant))
    return False


def _python_problems(path: Path) -> Iterator[Problem]:
    """Untranslated messages in one Python file.

    * ``messages.<level>(request, "literal")`` (django.contrib.messages) with a string or
      f-string literal holding words: the visitor would read it untranslated;
    * a translation function imported under a name the extractor does not know
      (``from django.utils.translation import gettext as _t``): its strings would never reach
      the catalogues.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == TRANSLATION_MODULE:
            for alias in node.names:
                name = alias.asname or alias.name
                if alias.name in KEYWORDS and name not in KEYWORDS:
                    yield Problem(
                        path,
                        f"line {node.lineno}: {alias.name} imported as {name!r}; "
                        f"the extractor only knows {', '.join(sorted(KEYWORDS))}",
                    )
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        owner = node.func.value
        if not (isinstance(owner, ast.Name) and owner.id == "messages"):
            continue
        message: ast.expr | None = None
        if node.func.attr in MESSAGE_FUNCTIONS and len(node.args) >= 2:
            message = node.args[1]
        elif node.func.attr == "add_message" and len(node.args) >= 3:
            message = node.args[2]
        for keyword in node.keywords:
            if keyword.arg == "message":
                message = keyword.value
        if message is not None and _has_text(message):
            yield Problem(
                path,
                f"line {node.lineno}: messages.{node.func.attr}() is given an untranslated "
                "literal; wrap it in gettext()",
            )


@dataclass(frozen=True, slots=True)
class JsLiteral:
    """A string or template literal of a script: its fixed text and what stands before it."""

    line: int
    text: str
    before: str


def js_literals(source: str) -> Iterator[JsLiteral]:
    """The string and template literals of a script, outside comments and regular expressions.

    A small scanner, not a parser: it knows comments, the three quotes, ``${…}`` inside
    template literals (their fixed parts are the text; the expressions are scanned as code)
    and regular-expression literals (after an operator or an opening bracket).
    """
    i, n, line = 0, len(source), 1
    last = ""  # the last significant character of code, to tell a regex from a division
    # At each open ${ of an enclosing template literal: the brace depth, and what stood before
    # the literal's opening backtick (every fixed part of one literal shares that context).
    depth: list[tuple[int, str]] = []
    braces = 0
    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
        if source.startswith("//", i):
            end = source.find("\n", i)
            i = n if end < 0 else end
            continue
        if source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += source.count("\n", i, end)
            i = end
            continue
        if c in "'\"`" or (c == "}" and depth and braces - 1 == depth[-1][0]):
            start_line, start = line, i
            line_start = source.rfind("\n", 0, start) + 1
            before = source[line_start:start]
            if c == "}":  # the rest of a template literal after ${…}
                before = depth.pop()[1]
                braces -= 1
                quote = "`"
            else:
                quote = c
            i += 1
            text = []
            while i < n and source[i] != quote:
                if source[i] == "\\":
                    text.append(source[i : i + 2])
                    i += 2
                    continue
                if quote == "`" and source.startswith("${", i):
                    depth.append((braces, before))
                    break
                if source[i] == "\n":
                    line += 1
                text.append(source[i])
                i += 1
            yield JsLiteral(start_line, "".join(text), before)
            if i < n and source[i] == quote:
                i += 1
                last = quote
            else:  # stopped at ${
                i += 2
                braces += 1
                last = "{"
            continue
        if c == "/" and (last == "" or last in _JS_REGEX_AFTER):
            i += 1
            in_class = False
            while i < n and (source[i] != "/" or in_class) and source[i] != "\n":
                if source[i] == "\\":
                    i += 1
                elif source[i] == "[":
                    in_class = True
                elif source[i] == "]":
                    in_class = False
                i += 1
            i += 1
            last = "/"
            continue
        if c == "{":
            braces += 1
        elif c == "}":
            braces -= 1
        if not c.isspace():
            last = c if not (c.isalnum() or c in "_$") else "a"
            if last == "a":  # a keyword before a regex: return /x/, typeof /x/ …
                word_end = i
                while word_end < n and (source[word_end].isalnum() or source[word_end] in "_$"):
                    word_end += 1
                if source[i:word_end] in ("return", "typeof", "case", "in", "of", "yield"):
                    last = "("
                i = word_end
                continue
        i += 1


def _js_problems(path: Path) -> Iterator[Problem]:
    """User-facing text written into a script instead of read from the page's labels.

    Scripts get their words from the translated JSON block the template renders
    (``static/js/i18n.js``: ``t("key")``) or from data attributes. Refused: any literal with
    Japanese words (two Japanese characters in a row; a single one is a glyph such as 歩), any
    literal that reads as an English phrase (a capitalised word, then more words), and any
    literal with letters that is put on the page as text (``textContent =``, ``title:``,
    ``aria-label``, ``placeholder``, ``alert(``/``confirm(``/``prompt(``…). A line that must
    keep a literal (a developer-only message) says so with a ``// i18n-ignore`` comment.
    """
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    for literal in js_literals(source):
        if JS_IGNORE_MARK in lines[literal.line - 1]:
            continue
        if _JAPANESE_WORD.search(literal.text):
            yield Problem(path, f"line {literal.line}: Japanese text {literal.text!r} in a script")
        elif _ENGLISH_PHRASE.match(literal.text) or (
            _LETTERS.search(literal.text) and _JS_TEXT_SINK.search(literal.before)
        ):
            yield Problem(
                path, f"line {literal.line}: untranslated text {literal.text!r} put on the page"
            )


def check_sources(base_dir: Path = BASE_DIR) -> list[Problem]:
    """Text that would reach a visitor untranslated (see ``_python_problems``, ``_js_problems``)."""
    python, _templates = source_files(base_dir)
    problems = [problem for path in python for problem in _python_problems(path)]
    for root in JS_SOURCES:
        for path in _walk(base_dir / root, (".js",)):
            problems.extend(_js_problems(path))
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
    problems = check_catalogues() + check_sources()
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print("Message catalogues are complete and compiled.")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
