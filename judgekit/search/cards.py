"""Card names in a search: the cards of the library (shipped and the user's) and the rules words they bring.

Real questions name the cards on the table ("Hardened Scales e Doubling Season insieme...") and leave out
the words of the rule. When the search recognises a card of the library in the query, the words of its
name stop counting as query words (an English name would otherwise be "corrected" to unrelated Italian
words), and the card's rules concepts join the query with a low weight:

- its Italian text (``text_it``, the project's own wording: "segnalini ... invece" for a replacement);
- the Italian glossary term of each keyword, type, subtype, step, zone and counter named by its data
  (``flying`` -> "Volare", ``Aura``, ``upkeep`` -> "Sottofase di mantenimento");
- the kind of each ability (``trigger`` -> "abilità innescata", ``replacement`` -> "effetto di
  sostituzione", ``static`` -> "abilità statica", ``activated`` -> "abilità attivata").

A one-word name that is also a word of the corpus (``Forest``/"Foresta", ``Fog``...) is not taken as a
card: the word keeps its ordinary meaning. Built at compile time into the search index (``cards``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from judgekit import italian

# The kinds of ability of the scenario format, told with the words of the rules.
ABILITY_WORDS = {
    "trigger": "abilità innescata",
    "static": "abilità statica",
    "activated": "abilità attivata costo",
    "replacement": "effetto di sostituzione invece",
    "mana": "abilità di mana",
    "cda": "abilità che definisce caratteristica",
}

# Sentences of ``text_it`` that talk about the modelling, not about the card.
_MODEL_NOTES = ("modellat", "versione 1", "scenari")

_CATEGORIES = ("keyword", "card_type", "supertype", "subtype", "step", "phase", "zone", "counter", "action")


def _values(data: Any) -> Iterable[str]:
    """Every key and string value of a card's data, depth first."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from _values(v)
    elif isinstance(data, list):
        for item in data:
            yield from _values(item)
    elif isinstance(data, str):
        yield data


def concepts(card: dict[str, Any], glossary_terms: dict[str, str]) -> str:
    """The rules words of one card (see the module docstring), as one text."""
    from judgekit.corpus.glossary import fold

    words: list[str] = []
    text = card.get("text_it")
    if isinstance(text, str):
        for sentence in text.replace("!", ".").split("."):
            if sentence.strip() and not any(note in sentence.lower() for note in _MODEL_NOTES):
                words.append(sentence)
    seen: set[str] = set()
    for field in ("keywords", "types", "subtypes", "supertypes", "abilities"):
        for value in _values(card.get(field)):
            found = ABILITY_WORDS.get(value) or glossary_terms.get(fold(value))
            if found and found not in seen:
                seen.add(found)
                words.append(found)
    return " ".join(words)


def glossary_names(glossary: list[dict[str, Any]]) -> dict[str, str]:
    """Folded canonical values and names of the game terms -> their Italian term."""
    from judgekit.corpus.glossary import alias_map

    table: dict[str, str] = {}
    for entry in glossary:
        if entry.get("category") in _CATEGORIES and entry.get("canonical"):
            for name, canonical in alias_map([entry], entry["category"]).items():
                if canonical == entry["canonical"]:
                    table.setdefault(name, entry["it"])
    return table


def read_cards(folders: Iterable[Path]) -> list[dict[str, Any]]:
    """The raw data of every card file of ``folders`` (unreadable files are skipped: ``check`` reports them)."""
    import yaml

    cards: list[dict[str, Any]] = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.yaml")):
            if path.name.startswith("."):
                continue
            try:
                data = yaml.safe_load(path.read_text(encoding="utf-8-sig"))
            except (OSError, UnicodeDecodeError, yaml.YAMLError):
                continue
            if isinstance(data, dict) and isinstance(data.get("name"), str):
                cards.append(data)
    return cards


def card_table(cards: Iterable[dict[str, Any]], glossary: list[dict[str, Any]], known_word: Callable[[str], bool],
               stem: Callable[[str], str]) -> dict[str, tuple[str, list[str]]]:
    """Folded name tokens ("hardened scales") -> (the card's name, the stems of its rules concepts).

    ``known_word`` tells a word of the corpus (a one-word name that is one is skipped); ``stem`` stems.
    """
    terms = glossary_names(glossary)
    table: dict[str, tuple[str, list[str]]] = {}
    for card in cards:
        text = concepts(card, terms)
        stems = sorted({stem(t) for t in italian.content_tokens(text)})
        names = [card["name"]]
        if isinstance(card.get("name_it"), str):
            names.append(card["name_it"])
        for name in names:
            tokens = italian.tokens(name)
            if not tokens or (len(tokens) == 1 and (known_word(tokens[0]) or tokens[0] in italian.STOPWORDS
                                                    or len(tokens[0]) < 4)):
                continue
            table.setdefault(" ".join(tokens), (card["name"], stems))
    return table
