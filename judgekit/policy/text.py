"""Italian normalisation of policy names and free descriptions: folding, tokens, stop words, stems.

- Folding: lower case, accents removed (``più`` -> ``piu``), typographic apostrophes, quotes and dashes made
  plain, so ``dell’innescata`` and ``dell'innescata`` are the same text.
- Tokens: words (elisions such as ``l'``/``un'``/``dell'`` are split off and dropped as stop words) and
  numbers with their dots (``2.5``).
- Stems: the Snowball Italian stemmer; a stem table built at compile time avoids loading the stemmer for
  words the policy data already contains.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping

_PLAIN = str.maketrans({
    "\u2019": "'", "\u2018": "'", "\u201b": "'", "\u02bc": "'", "\u00b4": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2010": "-", "\u2011": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-", "\u00a0": " ",
})

TOKEN_RE = re.compile(r"\d+(?:\.\d+)*|[a-z]+")

_STOP_TEXT = """
a ad agli ai al alla alle allo all anche avere aveva avevano c che chi ci cio coi col come con cosa cui d da
dagli dai dal dall dalla dalle dallo de degli dei del dell della delle dello di dopo dove e ed era essere fa
fra gli gia ha hai hanno ho i il in io l la le lei li lo loro lui m ma me mi mio ne negli nei nel nell nella
nelle nello noi o od ogni per perche po poi puo quale quali quando quanto quel quella quelle quelli quello
questa queste questi questo s se si sia sono sta stato su sua sue sugli sui sul sull sulla sulle suo suoi
tra tu un una uno v vi lui essa esso gliel gli
the an of to in on for with and or is are be by at as it its from that this
"""

STOPWORDS: frozenset[str] = frozenset(_STOP_TEXT.split())

StemFunc = Callable[[str], str]
_stem_word: StemFunc | None = None


def fold(text: str) -> str:
    """Lower case, no accents, plain apostrophes and dashes."""
    text = unicodedata.normalize("NFKD", text.translate(_PLAIN))
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def tokens(text: str) -> list[str]:
    """Folded tokens of ``text``, stop words included."""
    return TOKEN_RE.findall(fold(text))


def content_tokens(text: str) -> list[str]:
    """Folded tokens of ``text`` without stop words."""
    return [t for t in tokens(text) if t not in STOPWORDS]


def _stemmer() -> StemFunc:
    global _stem_word
    if _stem_word is None:
        import snowballstemmer

        _stem_word = snowballstemmer.stemmer("italian").stemWord
    return _stem_word


def stem(token: str, table: Mapping[str, str] | None = None) -> str:
    """The stem of a folded token; numbers and very short words are kept as they are."""
    if token[:1].isdigit() or len(token) < 3:
        return token
    if table is not None:
        found = table.get(token)
        if found is not None:
            return found
    return _stemmer()(token)


def stems(text: str, table: Mapping[str, str] | None = None, forms: Mapping[str, str] | None = None) -> list[str]:
    """The stems of the content words of ``text``, in order; irregular ``forms`` (``nascosto`` ->
    ``nascondere``) are replaced by their infinitive first."""
    words = content_tokens(text)
    if forms:
        words = [forms.get(w, w) for w in words]
    return [stem(t, table) for t in words]


def key(text: str) -> str:
    """A comparison key for ids, names and aliases: folded content tokens joined by spaces."""
    return " ".join(tokens(text))
