"""Which library cards have a triggered ability usually bad for its controller (IPG 2.1 upgrade).

A Missed Trigger is a Warning, not «no penalty», when the ability is usually detrimental to its controller
(and they own the card). Real descriptions name the card and leave that out («si è scordato il trigger della
Labyrinth Guardian»), so the matcher reads it from the card's Oracle text, a public fact kept in every card
file of the library (``oracle``), with the keywords whose rules make such a trigger (echo, cumulative upkeep,
evoke, vanishing, fading).

A sentence is a trigger when it opens with «When», «Whenever» or «At», or sets up a delayed trigger («...
at the beginning of the next end step»). It is detrimental when it harms its controller (sacrifice or
discard not said of another player, «you lose», «unless you pay», exiling the copy at the next end step)
and gives them nothing (no draw, no card to hand, no life gained, no token, no search) and is not optional
(«you may»): Dark Confidant puts
a card in its controller's hand, so it is not; Labyrinth Guardian makes them sacrifice it, so it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from judgekit import italian

_OPENINGS = ("when ", "whenever ", "at ")
_DELAYED = "at the beginning of the next end step"
_HARM = ("sacrifice", "discard", "you lose", "unless you pay", "exile it at the beginning",
         "exile that token at the beginning", "exile them at the beginning")
# Another player is the one who sacrifices or discards («each opponent sacrifices», «target player discards»).
_OTHERS = re.compile(r"\b(opponents?|players?)\b[^.]*\b(sacrifices?|discards?)\b")
_GAIN = ("draw", "into your hand", "you gain", "create", "search your library", "+1/+1 counter",
         "return target", "you get")
_KEYWORDS = {"echo", "cumulative_upkeep", "evoke", "vanishing", "fading"}
# The same keywords as the Oracle text writes them at the start of a line («Cumulative upkeep {1}»).
_KEYWORD_LINES = tuple(sorted(k.replace("_", " ") for k in _KEYWORDS))


def _sentences(oracle: str) -> Iterable[str]:
    for line in oracle.splitlines():
        for part in re.split(r"(?<=[.!])\s+", line.strip()):
            if part:
                yield part


def _harms(sentence: str) -> bool:
    low = sentence.lower()
    if "you may" in low or any(g in low for g in _GAIN) or _OTHERS.search(low):
        return False
    return any(harm in low for harm in _HARM)


def detrimental(card: dict[str, Any]) -> str | None:
    """The Oracle sentence (or the keyword) of a trigger usually detrimental to the card's controller."""
    for keyword in card.get("keywords") or []:
        if isinstance(keyword, str) and keyword.lower() in _KEYWORDS:
            return keyword
    oracle = card.get("oracle")
    if not isinstance(oracle, str):
        return None
    for line in oracle.splitlines():
        if line.strip().lower().startswith(_KEYWORD_LINES):
            return line.strip()
    for sentence in _sentences(oracle):
        low = sentence.lower()
        if (low.startswith(_OPENINGS) or _DELAYED in low) and _harms(sentence):
            return sentence
    return None


def card_traits(cards: Iterable[dict[str, Any]]) -> dict[str, list[str]]:
    """Folded name tokens of each library card with a detrimental trigger (English and Italian names) ->
    [the card's name, the sentence that shows it]."""
    table: dict[str, list[str]] = {}
    for card in cards:
        name = card.get("name")
        if not isinstance(name, str):
            continue
        found = detrimental(card)
        if found is None:
            continue
        for said in (name, card.get("name_it")):
            if isinstance(said, str):
                tokens = italian.tokens(italian.fold(said))
                if tokens:
                    table.setdefault(" ".join(tokens), [name, found])
    return table


# Names are looked up as spans of at most this many words.
MAX_NAME_WORDS = 6


def named(text: str, table: dict[str, list[str]]) -> list[list[str]]:
    """The cards of ``table`` the text names, longest names first, each once."""
    if not table:
        return []
    words = italian.tokens(italian.fold(text))
    found: list[list[str]] = []
    taken: set[int] = set()
    for size in range(min(MAX_NAME_WORDS, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            span = set(range(start, start + size))
            if span & taken:
                continue
            entry = table.get(" ".join(words[start:start + size]))
            if entry is not None and entry not in found:
                taken |= span
                found.append(entry)
    return found
