"""Comprehensive Rules numbers: parsing, CR order, ranges and cross-references found in rule text.

A rule number is a section (``510``), a rule (``510.1``) or a subrule (``510.1c``). Subrule letters
skip ``l`` and ``o`` (CR 100.2 style numbering: ``...k, m, n, p...``) so that they are not confused
with the digits 1 and 0. A trailing period (``510.1.``) is the way the CR prints a rule number and
names the same rule. This module only uses :mod:`re`: it is imported on the fast lookup path.
"""

from __future__ import annotations

import re

#: Subrule letters in CR order (``l`` and ``o`` are never used).
LETTERS = "abcdefghijkmnpqrstuvwxyz"

ID_RE = re.compile(r"^(\d{3})(?:\.(\d+)([a-z])?)?$")
_DASHES = "-–—"

SortKey = tuple[int, int, int]


class IdError(ValueError):
    """A text that is not a rule number or a range of rule numbers (message in Italian)."""


def normalize(text: str) -> str:
    """``" 510.1C. "`` -> ``"510.1c"``: the canonical spelling of a rule number."""
    value = text.strip().lower()
    while value.endswith("."):
        value = value[:-1]
    return value


def is_id(text: str) -> bool:
    return ID_RE.match(text) is not None


def parts(rule_id: str) -> tuple[int, int | None, str | None]:
    """``"510.1c"`` -> ``(510, 1, "c")``; raises :class:`IdError` for anything else."""
    match = ID_RE.match(rule_id)
    if match is None:
        raise IdError(f"numero di regola non valido «{rule_id}»")
    number = int(match.group(2)) if match.group(2) is not None else None
    return int(match.group(1)), number, match.group(3)


def sort_key(rule_id: str) -> SortKey:
    """Position in CR order: section, rule number, subrule letter (a section sorts before its rules)."""
    section, number, letter = parts(rule_id)
    return section, -1 if number is None else number, -1 if letter is None else LETTERS.find(letter) + 1


def section_of(rule_id: str) -> str:
    return rule_id[:3]


def parent_of(rule_id: str) -> str | None:
    """``510.1c`` -> ``510.1``; ``510.1`` -> ``510``; ``510`` -> None."""
    section, number, letter = parts(rule_id)
    if letter is not None:
        return f"{section:03d}.{number}"
    if number is not None:
        return f"{section:03d}"
    return None


def is_under(rule_id: str, ancestor: str) -> bool:
    """True when ``rule_id`` is ``ancestor`` or one of its subrules (``510.1c`` is under ``510``)."""
    if rule_id == ancestor:
        return True
    if "." in ancestor:
        return rule_id.startswith(ancestor) and rule_id[len(ancestor):].isalpha()
    return rule_id.startswith(ancestor + ".")


def letters_between(first: str, last: str) -> list[str]:
    """Subrule letters from ``first`` to ``last`` inclusive, skipping ``l`` and ``o``."""
    start, end = LETTERS.find(first), LETTERS.find(last)
    if start < 0 or end < 0 or end < start:
        return []
    return list(LETTERS[start:end + 1])


# --------------------------------------------------------------------------- queries

class Query:
    """What a user asked for: one rule alone, a rule with its subrules, or a range."""

    __slots__ = ("text", "kind", "start", "end")

    def __init__(self, text: str, kind: str, start: str, end: str | None = None) -> None:
        self.text = text
        self.kind = kind  # "alone" | "tree" | "range"
        self.start = start
        self.end = end

    def __repr__(self) -> str:
        return f"Query({self.text!r}, {self.kind}, {self.start}, {self.end})"


def _range_end(start: str, tail: str) -> str:
    """The end of a range written in short form: ``704.5a-k`` -> ``704.5k``, ``509.1-3`` -> ``509.3``."""
    if ID_RE.match(tail) and ("." in tail or "." not in start):
        return tail
    section, number, letter = parts(start)
    if tail.isalpha() and len(tail) == 1 and letter is not None:
        return f"{section:03d}.{number}{tail}"
    if tail.isdigit() and number is not None and letter is None:
        return f"{section:03d}.{int(tail)}"
    if re.match(r"^\d+[a-z]$", tail) and number is not None:
        return f"{section:03d}.{tail}"
    raise IdError(f"fine dell'intervallo non valida «{tail}» in «{start}-{tail}»")


def parse_query(text: str) -> Query:
    """Parse ``510``, ``510.1``, ``510.1.`` (alone), ``500-514``, ``704.5a-k``, ``510.1a-510.1c``."""
    raw = text.strip()
    if not raw:
        raise IdError("numero di regola vuoto")
    lowered = raw.lower()
    for dash in _DASHES:
        if dash in lowered[1:]:
            head, _, tail = lowered.partition(dash)
            start, tail = normalize(head), normalize(tail)
            if not is_id(start) or not tail:
                break
            end = _range_end(start, tail)
            if sort_key(end) < sort_key(start):
                raise IdError(f"intervallo rovesciato «{raw}»: la fine viene prima dell'inizio")
            return Query(raw, "range", start, end)
    alone = lowered.endswith(".") and "." in lowered[:-1]
    value = normalize(lowered)
    if not is_id(value):
        raise IdError(
            f"«{raw}» non è un numero di regola: scrivi ad esempio 510, 510.1, 510.1c, "
            "510.1. (solo quella regola) o un intervallo come 500-514 e 510.1a-c"
        )
    return Query(raw, "alone" if alone else "tree", value)


def select(query: Query, order: list[str], known: dict[str, object] | set[str]) -> list[str]:
    """The ids of ``order`` (CR order) that ``query`` asks for."""
    if query.kind == "alone":
        return [query.start] if query.start in known else []
    if query.kind == "tree":
        return [rid for rid in order if is_under(rid, query.start)]
    assert query.end is not None
    low, high = sort_key(query.start), sort_key(query.end)
    end = query.end
    return [rid for rid in order if low <= sort_key(rid) <= high or is_under(rid, end)]


# --------------------------------------------------------------------------- cross-references

_RULE_REF_PATTERN = (
    r"(?<![\d.,/])(\d{3})\.(\d+)([a-z])?(?:\s?[-–]\s?(?:(\d{3})\.(\d+)([a-z])?|(\d+)(?![\d/])|([a-z])\b))?(?![\d/])"
)
_SECTION_REF_PATTERN = r"\b(?:[Rr]egol[ae]|[Rr]ules?|[Ss]ezion[ei]|[Ss]ections?)\s+(\d{3})(?!\d)(?!\.\d)"

#: The most rule numbers one written range expands to (``100.1-100.40``); a longer range is kept as its
#: two ends, so that text (an imported file) can never make the compiler build millions of ids.
MAX_RANGE = 40
#: The most cross-references kept for one text; real rules cite a handful.
MAX_REFS = 500


def _expand(match: re.Match[str]) -> list[str]:
    section, number, letter = match.group(1), int(match.group(2)), match.group(3)
    first = f"{section}.{number}{letter or ''}"
    if match.group(4):
        end = f"{match.group(4)}.{int(match.group(5))}{match.group(6) or ''}"
        if end.startswith(section) and sort_key(end) >= sort_key(first):
            if letter and match.group(6) and int(match.group(5)) == number:
                return [f"{section}.{number}{x}" for x in letters_between(letter, match.group(6))]
            last = int(match.group(5))
            if not letter and not match.group(6) and last - number < MAX_RANGE:
                return [f"{section}.{n}" for n in range(number, last + 1)]
        return [first, end]
    if match.group(7) and not letter:
        last = int(match.group(7))
        if number < last <= number + 30:
            return [f"{section}.{n}" for n in range(number, last + 1)]
        return [first]
    if match.group(8) and letter:
        letters = letters_between(letter, match.group(8))
        return [f"{section}.{number}{x}" for x in letters] or [first]
    return [first]


def find_refs(text: str) -> list[str]:
    """Rule numbers cited in ``text``, in order, without repeats.

    Recognises ``vedi regola 702.7``, ``(see rule 603.2)``, ranges ``regole 509.1–3`` and
    ``506.7a–f`` (expanded, up to :data:`MAX_RANGE` numbers; a longer range gives its two ends), and
    bare sections only after a word like ``regola``/``rule``/``sezione``. At most :data:`MAX_REFS` are kept.
    """
    found: list[tuple[int, str]] = []
    for match in re.finditer(_RULE_REF_PATTERN, text):
        for rid in _expand(match):
            found.append((match.start(), rid))
    for match in re.finditer(_SECTION_REF_PATTERN, text):
        found.append((match.start(1), match.group(1)))
    found.sort(key=lambda item: item[0])
    out: dict[str, None] = {}
    for _, rid in found:
        out.setdefault(rid, None)
        if len(out) >= MAX_REFS:
            break
    return list(out)
