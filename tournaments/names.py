"""Player names at the edges of the site: what input refuses, and what exports neutralise.

A name is typed by an organiser, imported from a CSV file or taken from an account, and then
written into files other programs read: CSV opened in a spreadsheet, TRF read by pairing
programs that cut lines into fixed columns. Two kinds of character do harm there:

* **control characters** (C0/C1 controls such as newline and tab, the line and paragraph
  separators U+2028/U+2029) break a line-based file: a newline inside a TRF name starts a new
  "line" that a reader takes for a record of its own;
* **bidirectional controls** (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C) reorder how
  the text around them is shown, so a name can display as something it is not.

Input refuses both (:func:`unsafe_characters`); exports still remove them from anything
already stored (:func:`single_line`), and CSV cells that a spreadsheet would run as a formula
are neutralised as OWASP recommends (:func:`csv_cell`).
"""

from __future__ import annotations

import re
import unicodedata

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# Categories removed from exported text: controls, format characters (the bidi controls and
# invisible marks), separators that end a line, surrogates, private use and unassigned.
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Controls that separate words: replaced by a space rather than dropped.
_SPACING = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85\u2028\u2029")
_SPACES = re.compile(r"\s+")
# Characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection").
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def unsafe_characters(text: str) -> list[str]:
    """The characters of ``text`` a name may not contain (controls, line breaks, bidi)."""
    return [
        ch for ch in text if ch in BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Zl", "Zp")
    ]


def describe(characters: list[str]) -> str:
    """The characters as code points ("U+000A, U+202E"), to name them in an error message."""
    return ", ".join(dict.fromkeys(f"U+{ord(ch):04X}" for ch in characters))


def single_line(text: str) -> str:
    """``text`` as one printable line: line breaks and tabs become spaces, other control and
    format characters are removed, runs of spaces collapse, in NFC form."""
    kept = []
    for ch in unicodedata.normalize("NFC", text):
        if ch in _SPACING:
            kept.append(" ")
        elif unicodedata.category(ch) not in _DROPPED_CATEGORIES:
            kept.append(ch)
    return _SPACES.sub(" ", "".join(kept)).strip()


def fit(text: str, width: int) -> str:
    """``text`` as one line of at most ``width`` characters (a fixed-width column)."""
    return single_line(text)[:width].rstrip()


def csv_cell(value: str) -> str:
    """A CSV cell a spreadsheet shows as text: a cell starting with ``= + - @``, a tab or a
    carriage return gets a leading apostrophe (numbers such as ``-1`` are left alone)."""
    if value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value
