"""Quantities a description tells: «dopo 12 minuti», «una trentina di secondi», «al minuto 11», «un quarto d'ora».

Some upgrade and downgrade conditions of the IPG depend on a quantity (3.1 Tardiness: Match Loss after 10
minutes, Warning within the first minute), and players tell it in figures or in words. The words are data of
the lexicon (``numbers``, ``units``, ``measures`` in ``rules_it/policy/lessico.yaml``), compiled into the
``reading`` this module uses.

A number counts when a word of a unit follows it (at most :data:`GAP` words later: «12 minuti», «una trentina
di secondi») or a singular unit word comes just before it («al minuto 11»); «e mezzo» after it adds a half.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from judgekit import italian

# Words that may stand between a number and its unit («una trentina *di* secondi»).
GAP = 1

_TOKEN = re.compile(r"\d+(?:[.,]\d+)?|[a-z]+")
_HALF = ("mezzo", "mezza")


def words_of(text: str) -> list[str]:
    """The folded words and figures of a text («10,5» stays one figure)."""
    return _TOKEN.findall(italian.fold(text))


def _number(word: str, numbers: Mapping[str, float]) -> float | None:
    if word[:1].isdigit():
        try:
            return float(word.replace(",", "."))
        except ValueError:
            return None
    value = numbers.get(word)
    return float(value) if value is not None else None


def told(text: str, reading: Mapping[str, Any]) -> list[tuple[float, str, str]]:
    """Every quantity the text tells: (amount, unit, the words that tell it), in order."""
    numbers: Mapping[str, float] = reading.get("numbers") or {}
    units: Mapping[str, str] = reading.get("units") or {}
    singular: set[str] = set(reading.get("singular") or [])
    words = words_of(text)
    found: list[tuple[float, str, str]] = []
    for phrase, amount, unit, said in reading.get("measures") or []:
        size = len(phrase)
        for start in range(len(words) - size + 1):
            if words[start:start + size] == phrase:
                found.append((float(amount), str(unit), str(said)))
    for pos, word in enumerate(words):
        value = _number(word, numbers)
        if value is None:
            continue
        if pos >= 2 and words[pos - 1] == "e" and words[pos - 2] in units:
            continue  # «9 minuti e 50 secondi»: the first amount says enough
        after = pos + 1
        if after < len(words) and _number(words[after], numbers) is not None and not word[:1].isdigit():
            continue  # «una trentina»: the second word is the number
        for ahead in range(after, min(len(words), after + GAP + 1)):
            unit = units.get(words[ahead])
            if unit is None:
                continue
            end = ahead + 1
            if words[end:end + 1] == ["e"] and words[end + 1:end + 2] and words[end + 1] in _HALF:
                value, end = value + 0.5, end + 2
            found.append((value, unit, " ".join(words[pos:end])))
            break
        else:
            if pos and words[pos - 1] in singular:
                found.append((value, units[words[pos - 1]], f"{words[pos - 1]} {word}"))
    return found
