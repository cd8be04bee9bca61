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

# Kinds of ability and trigger events of the scenario format -> the glossary term of the rules concept.
CONCEPT_TERMS = {
    "trigger": "Abilità innescata",
    "static": "Abilità statica",
    "activated": "Abilità attivata",
    "replacement": "Effetto di sostituzione",
    "mana": "Abilità di mana",
    "cda": "Abilità che definisce una caratteristica",
    "enters": "Abilità di entrata nel campo di battaglia",
    "leaves_battlefield": "Abilità di lasciare il campo di battaglia",
    "dies": "Abilità di lasciare il campo di battaglia",
    "beginning_of_upkeep": "Sottofase di mantenimento",
    "beginning_of_end_step": "Sottofase finale",
    "beginning_of_combat": "Sottofase di inizio combattimento",
    "cast": "Lanciare",
    "deals_combat_damage_to_player": "Danno da combattimento",
    "deals_combat_damage": "Danno da combattimento",
    "copy_of": "Effetto di copia",
    "delayed": "Abilità innescata ritardata",
}
MAX_CARD_RULES = 8

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


def _layer_rules() -> dict[str, str]:
    """Operation of a static ability -> the CR rule of its layer (613.1a-f, 613.4a-d), from the rules
    core's table of operations."""
    from judgekit.engine.operations import OP_LAYER

    return {op: layer.rule for op, layer in OP_LAYER.items()}


def rules_of(card: dict[str, Any], glossary: list[dict[str, Any]],
             layer_rules: dict[str, str] | None = None) -> list[tuple[str, float]]:
    """The rules a card's data points to, each with a weight: through the glossary entry of each keyword,
    subtype, supertype, step, action and counter it names (not its card types: every creature is one)
    and of each kind of ability and trigger event it has (:data:`CONCEPT_TERMS`; the entry's first rule 1,
    the others half), and the layer of each operation of its abilities and effect (1). At most
    :data:`MAX_CARD_RULES`, strongest first."""
    from judgekit.corpus.glossary import fold

    by_name: dict[str, dict[str, Any]] = {}
    for entry in glossary:
        if entry.get("category") in _CATEGORIES and entry.get("canonical"):
            by_name.setdefault(fold(str(entry["canonical"])), entry)
        by_name.setdefault(fold(entry["it"]), entry)
    layer_rules = _layer_rules() if layer_rules is None else layer_rules
    found: dict[str, float] = {}
    order: list[str] = []

    def add(rule: str, weight: float) -> None:
        if rule not in found:
            order.append(rule)
        found[rule] = max(found.get(rule, 0.0), weight)

    for field in ("keywords", "subtypes", "supertypes", "abilities", "effect"):
        for value in _values(card.get(field)):
            if value in layer_rules and field in ("abilities", "effect"):
                add(f"cr:{layer_rules[value]}", 1.0)
            term = CONCEPT_TERMS.get(value)
            concept = by_name.get(fold(term)) if term else by_name.get(fold(value))
            if concept is None or concept.get("category") not in (*_CATEGORIES, "term"):
                continue
            for n, rule in enumerate(concept.get("rules") or []):
                add(rule if ":" in rule else f"cr:{rule}", 1.0 if n == 0 else 0.5)
    ranked = sorted(order, key=lambda r: (-found[r], order.index(r)))[:MAX_CARD_RULES]
    return [(rule, found[rule]) for rule in ranked]


def card_table(cards: Iterable[dict[str, Any]], glossary: list[dict[str, Any]], known_word: Callable[[str, bool], bool],
               stem: Callable[[str], str]) -> dict[str, tuple[str, list[str], list[tuple[str, float]]]]:
    """Folded name tokens ("hardened scales") -> (the card's name, the stems of its rules concepts, the
    rules its data points to with their weights, see :func:`rules_of`).

    ``known_word(word, english)`` tells a one-word name that keeps its ordinary meaning and is not taken as a
    card: for an Italian name, any word of the corpus; for an English name, a name of the glossary (``Forest``)
    — an English card name the corpus only mentions as a card (``Humility``) is still the card. ``stem``
    stems.
    """
    terms = glossary_names(glossary)
    layer_rules = _layer_rules()
    table: dict[str, tuple[str, list[str], list[tuple[str, float]]]] = {}
    for card in cards:
        text = concepts(card, terms)
        stems = sorted({stem(t) for t in italian.content_tokens(text)})
        linked = rules_of(card, glossary, layer_rules)
        names = [(card["name"], True)]
        if isinstance(card.get("name_it"), str):
            names.append((card["name_it"], False))
        for name, english in names:
            tokens = italian.tokens(name)
            if not tokens or (len(tokens) == 1 and (known_word(tokens[0], english) or tokens[0] in italian.STOPWORDS
                                                    or len(tokens[0]) < 4)):
                continue
            table.setdefault(" ".join(tokens), (card["name"], stems, linked))
    return table


def concept_map(glossary: list[dict[str, Any]]) -> dict[str, tuple[str, list[str]]]:
    """Folded names (canonical value, English, Italian) of the glossary's game terms -> (Italian term, the
    rules of the entry as ``cr:`` or policy references): how a card outside the library (an imported card,
    known by its Oracle keywords and type line) is read at query time."""
    from judgekit.corpus.glossary import fold

    table: dict[str, tuple[str, list[str]]] = {}
    for entry in glossary:
        if entry.get("category") not in (*_CATEGORIES, "term"):
            continue
        rules = [r if ":" in r else f"cr:{r}" for r in entry.get("rules") or []]
        for name in (entry.get("canonical"), entry.get("en"), entry.get("it")):
            if isinstance(name, str) and name:
                table.setdefault(fold(name), (entry["it"], rules))
    return table


def imported_concepts(card: dict[str, Any], concepts_of: dict[str, tuple[str, list[str]]],
                      stem: Callable[[str], str]) -> tuple[list[str], list[tuple[str, float]]]:
    """The concept stems and linked rules of an imported card (``judgekit card --json`` shape): its Oracle
    keywords and the supertypes and subtypes of its type line, through :func:`concept_map` (the entry's
    first rule 1, the others half)."""
    from judgekit.carddb.typeline import split_type_line
    from judgekit.corpus.glossary import fold

    supertypes, _types, subtypes = split_type_line(str(card.get("type_line") or ""))
    names: list[str] = [str(k) for k in card.get("keywords") or []] + supertypes + subtypes
    words: list[str] = []
    found: dict[str, float] = {}
    order: list[str] = []
    for name in names:
        hit = concepts_of.get(fold(name)) or concepts_of.get(fold(name).replace(" ", "_"))
        if hit is None:
            continue
        words.append(hit[0])
        for n, rule in enumerate(hit[1]):
            weight = 1.0 if n == 0 else 0.5
            if rule not in found:
                order.append(rule)
            found[rule] = max(found.get(rule, 0.0), weight)
    stems = sorted({stem(t) for t in italian.content_tokens(" ".join(words))})
    ranked = sorted(order, key=lambda r: (-found[r], order.index(r)))[:MAX_CARD_RULES]
    return stems, [(rule, found[rule]) for rule in ranked]
