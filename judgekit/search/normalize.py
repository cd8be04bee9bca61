"""Italian text normalisation for the search index: folding, tokens, stop words, stems.

Every transformation keeps the folded text exactly as long as the original (one character for one
character), so the offsets of a token in the folded text are its offsets in the original: snippets
are cut and highlighted on the original text with the positions found on the folded one.

- Folding: lower case, accents removed (``à`` -> ``a``), typographic apostrophes and quotes made plain
  (``dell’abilità`` == ``dell'abilità``), dashes made plain.
- Tokens: words (``[a-z]+``, so elisions such as ``l'``/``dell'``/``un'`` are split off and dropped as stop
  words) and numbers with their dots and letter (``510.1c``, ``7c``, ``2.1``).
- Stems: the Snowball Italian stemmer, plus the present participle folded into its verb
  (``bloccanti`` -> ``bloccant`` -> ``blocc``, as ``bloccata`` and ``blocca``), so that the inflections a
  judge types meet the inflections the rules use.

The stemmer is imported only when a word is not in the stem table built at compile time, so a query
made of words that occur in the corpus never loads it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from typing import Protocol

# One character in, one character out: accents, case, typographic punctuation.
_SPECIAL = {
    "\u2019": "'", "\u2018": "'", "\u201b": "'", "\u02bc": "'", "\u00b4": "'", "\u0060": "'", "\u2032": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"', "\u2033": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ",
    "\u00df": "s", "\u00e6": "a", "\u00c6": "a", "\u0153": "o", "\u0152": "o", "\u00f8": "o", "\u00d8": "o",
    "\u0131": "i", "\u0130": "i",
}


def _build_table() -> dict[int, str]:
    table: dict[int, str] = {}
    for code in range(0x41, 0x250):
        char = chr(code)
        if char in _SPECIAL:
            continue
        base = unicodedata.normalize("NFKD", char)
        base = "".join(c for c in base if not unicodedata.combining(c)).lower()
        if len(base) == 1 and base != char:
            table[code] = base
    for char, repl in _SPECIAL.items():
        table[ord(char)] = repl
    return table


_TABLE = _build_table()

TOKEN_RE = re.compile(r"\d+(?:\.\d+)*[a-z]?(?![a-z])|[a-z]+")

_STOPWORD_TEXT = """
a ad agli ai al alla alle allo all anche avere aveva avevano c che chi ci cio coi col come con contro cosa
cui d da dagli dai dal dall dalla dalle dallo de degli dei del dell della delle dello deve devono di dopo
dove e ed egli ella era essa esse essere essi esso fa fra gli ha hai hanno ho i il in io l la le lei li
lo loro lui m ma me mi mia mie miei mio n ne negli nei nel nell nella nelle nello noi nostro o od ogni
oppure per perche piu po posso possono puo qual quale quali qualsiasi quando quanto quanti quante quel
quell quella quelle quelli quello quest questa queste questi questo s se sei si sia siamo sono sta stato
su sua sue sugli sui sul sull sulla sulle sullo suo suoi t ti tra tu tua tue tuo tuoi un una uno v vi
viene vengono voi
the an of to in on for with and or is are be by at as it its from that this what how when can does do
"""
STOPWORDS: frozenset[str] = frozenset(_STOPWORD_TEXT.split())

_PARTICIPLE = re.compile(r"(?:ant|ent)$")

StemFunc = Callable[[str], str]


class StemTable(Protocol):
    """Anything that maps a folded word to its stem (a dict, or the packed table of an index)."""

    def get(self, key: str, /) -> str | None: ...


_stem_word: StemFunc | None = None


def fold(text: str) -> str:
    """Lower case without accents and with plain apostrophes; same length as ``text``."""
    return text.translate(_TABLE)


def iter_tokens(text: str) -> Iterator[tuple[str, int, int]]:
    """(folded token, start, end) for every token of ``text``, offsets valid in ``text`` itself."""
    for match in TOKEN_RE.finditer(fold(text)):
        yield match.group(), match.start(), match.end()


def tokens(text: str) -> list[str]:
    """Folded tokens of ``text`` (stop words included)."""
    return TOKEN_RE.findall(fold(text))


def is_number(token: str) -> bool:
    return token[:1].isdigit()


def _load_stemmer() -> StemFunc:
    global _stem_word
    if _stem_word is None:
        from snowballstemmer import stemmer

        _stem_word = stemmer("italian").stemWord
    return _stem_word


def stem(token: str) -> str:
    """The search stem of a folded token (numbers are kept as they are)."""
    if is_number(token) or len(token) < 3:
        return token
    base = _load_stemmer()(token)
    if len(base) > 6:
        trimmed = _PARTICIPLE.sub("", base)
        if trimmed != base:
            base = trimmed
    return base


def stem_with(table: StemTable, token: str) -> str:
    """``stem(token)``, read from a precomputed table when the token is in it."""
    found = table.get(token)
    return found if found is not None else stem(token)


def content_tokens(text: str) -> list[str]:
    """Folded tokens of ``text`` without stop words."""
    return [t for t in tokens(text) if t not in STOPWORDS]
