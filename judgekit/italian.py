"""Italian text normalisation shared by the search index and the policy matcher.

The same judge's words must meet the same data words in ``judgekit search`` and ``judgekit infraction``,
so both read text through these functions:

- :func:`fold`: lower case, accents removed (``più`` -> ``piu``), typographic apostrophes, quotes, dashes
  and spaces made plain (:data:`PLAIN`), so ``dell’abilità`` and ``dell'abilità`` are the same text. One
  character in, one character out: the offsets of a token in the folded text are its offsets in the
  original, which lets the search highlight words in the original text.
- :func:`tokens` / :func:`iter_tokens`: words (``[a-z]+``, so elisions such as ``l'``/``dell'``/``un'`` are
  split off) and numbers with their dots and one trailing letter (``510.1c``, ``7c``, ``2.5``), the shape
  of CR rule numbers and of IPG/MTR section numbers.
- :data:`STOPWORDS`: Italian articles, prepositions (also elided and articulated), pronouns, auxiliaries,
  the forms of the modal verbs and of «andare» and «fare» («va in pila?», «devo scartare?», «fa danno?»: they
  carry the question, not its subject) and a few English function words; :func:`content_tokens` drops them.
  ``più``, ``quanti`` and ``quante`` are content words here: "una carta in più", "quante carte ha in mano"
  describe infractions.
- :func:`stem`: the Snowball Italian stemmer, plus the present participle folded into its verb
  (``bloccanti`` -> ``blocc``, as ``bloccata`` and ``blocca``). A stem table built at compile time is
  looked up first, and the stemmer is imported only for a word missing from it, so a query made of
  words the data already contains never loads it.
- :func:`key`: a comparison key for ids, names and aliases; :func:`join_text`: the text of several
  optional fields and lists, one per line.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

# Typographic punctuation and letters without a decomposition, made plain one character for one character.
PLAIN: dict[str, str] = {
    "\u2019": "'", "\u2018": "'", "\u201b": "'", "\u02bc": "'", "\u00b4": "'", "\u0060": "'", "\u2032": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"', "\u2033": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ",
    "\u00df": "s", "\u00e6": "a", "\u00c6": "a", "\u0153": "o", "\u0152": "o", "\u00f8": "o", "\u00d8": "o",
    "\u0131": "i", "\u0130": "i",
}


def _build_table() -> dict[int, str]:
    """Latin letters (up to U+024F) to their lower-case base letter, plus :data:`PLAIN`."""
    table: dict[int, str] = {}
    for code in range(0x41, 0x250):
        char = chr(code)
        if char in PLAIN:
            continue
        base = unicodedata.normalize("NFKD", char)
        base = "".join(c for c in base if not unicodedata.combining(c)).lower()
        if len(base) == 1 and base != char:
            table[code] = base
    for char, repl in PLAIN.items():
        table[ord(char)] = repl
    return table


_TABLE = _build_table()

TOKEN_RE = re.compile(r"\d+(?:\.\d+)*[a-z]?(?![a-z])|[a-z]+")

_STOPWORD_TEXT = """
a ad agli ai al alla alle allo all anche avere aveva avevano c che chi ci cio coi col come con contro cosa
cui d da dagli dai dal dall dalla dalle dallo de degli dei del dell della delle dello deve devono di dopo
dove e ed egli ella era essa esse essere essi esso fa fra gia gli gliel ha hai hanno ho i il in io l la le
lei li lo loro lui m ma me mi mia mie miei mio n ne negli nei nel nell nella nelle nello noi nostro o od
ogni oppure per perche po poi posso possono puo qual quale quali qualsiasi quando quanto quel quell quella
quelle quelli quello quest questa queste questi questo s se sei si sia siamo sono sta stato su sua sue
sugli sui sul sull sulla sulle sullo suo suoi t ti tra tu tua tue tuo tuoi un una uno v vi viene vengono
voi
devo devi dobbiamo dovete dovrei dovrebbe dovrebbero dovere puoi possiamo potete potrei potrebbe potrebbero
potere voglio vuoi vuole vogliamo volete vogliono vorrei volere vado vai va andiamo andate vanno andare fai
facciamo fate fanno fare faccio abbiamo avete siete stata stati
the an of to in on for with and or is are be by at as it its from that this what how when can does do
"""
STOPWORDS: frozenset[str] = frozenset(_STOPWORD_TEXT.split())

# A Snowball stem still ending like a present participle (``bloccant``) loses that ending; ``-ment`` is a
# noun (``comment``, ``document``) and stays, or ``commento`` would meet ``comma``.
_PARTICIPLE = re.compile(r"(?<!m)(?:ant|ent)$")

StemFunc = Callable[[str], str]


class StemTable(Protocol):
    """Anything that maps a folded word to its stem: a dict, or the packed table of the search index."""

    def get(self, key: str, /) -> str | None: ...


_stem_word: StemFunc | None = None


def fold(text: str) -> str:
    """Lower case, no accents, plain apostrophes, quotes, dashes and spaces; exactly as long as ``text``."""
    return text.translate(_TABLE)


def _composed(text: str) -> str:
    """``text`` with decomposed accents (``e`` + U+0300) composed, so that folding removes them."""
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


def tokens(text: str) -> list[str]:
    """Folded tokens of ``text`` (words and numbers such as ``510.1c``), stop words included."""
    return TOKEN_RE.findall(fold(_composed(text)))


def iter_tokens(text: str) -> Iterator[tuple[str, int, int]]:
    """(folded token, start, end) for every token of ``text``, with offsets valid in ``text`` itself."""
    for match in TOKEN_RE.finditer(fold(text)):
        yield match.group(), match.start(), match.end()


def content_tokens(text: str) -> list[str]:
    """Folded tokens of ``text`` without stop words."""
    return [t for t in tokens(text) if t not in STOPWORDS]


def is_number(token: str) -> bool:
    """Whether a token is a number (``2.5``, ``510.1c``) rather than a word."""
    return token[:1].isdigit()


def key(text: str) -> str:
    """A comparison key for ids, names and aliases: all folded tokens joined by spaces
    (``USC — Minor`` and ``usc-minor`` both give ``usc minor``)."""
    return " ".join(tokens(text))


def _stemmer() -> StemFunc:
    global _stem_word
    if _stem_word is None:
        from snowballstemmer import stemmer

        _stem_word = stemmer("italian").stemWord
    return _stem_word


# No Italian or English word of the game is longer; a longer token is not stemmed.
LONGEST_WORD = 40


def stem(token: str, table: StemTable | None = None) -> str:
    """The stem of a folded token: numbers and words shorter than three letters are kept as they are, a
    word in ``table`` takes its stem from it, any other word is stemmed (Snowball Italian, then a present
    participle ending ``-ant``/``-ent``, not ``-ment``, is removed from stems longer than six letters). A
    token longer than any word (over :data:`LONGEST_WORD` letters) is kept as it is: stemming it would only
    cost time."""
    if is_number(token) or len(token) < 3 or len(token) > LONGEST_WORD:
        return token
    if table is not None:
        found = table.get(token)
        if found is not None:
            return found
    base = _stemmer()(token)
    if len(base) > 6:
        base = _PARTICIPLE.sub("", base)
    return base


def stems(text: str, table: StemTable | None = None, forms: Mapping[str, str] | None = None) -> list[str]:
    """The stems of the content words of ``text``, in order; a word found in ``forms`` (an irregular form
    and its infinitive, ``nascosto`` -> ``nascondere``) is replaced before it is stemmed."""
    words = content_tokens(text)
    if forms:
        words = [forms.get(w, w) for w in words]
    return [stem(w, table) for w in words]


def join_text(*parts: Any) -> str:
    """The non-empty parts, one per line: a string is taken as it is, a list or tuple gives its non-empty
    items; ``None`` and empty values are skipped."""
    out: list[str] = []
    for part in parts:
        if not part:
            continue
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, (list, tuple)):
            out.extend(str(p) for p in part if p)
    return "\n".join(out)
