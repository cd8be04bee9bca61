"""The words of Oracle text the templates read: numbers, colours, card types, subtypes, keywords, P/T.

Everything here maps an English Oracle word to the canonical value of the scenario format (the values of
:mod:`judgekit.engine.vocab`); a word it does not know gives ``None``, never a guess.
"""

from __future__ import annotations

import re
from functools import lru_cache

from judgekit.engine import vocab

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
           "twenty": 20}

COLORS = {c: c for c in vocab.COLOR_ORDER}
# CR 105.1: the five colours; "colorless" is the absence of all of them (105.2c).
ALL_COLORS = list(vocab.COLOR_ORDER)

# Card types as Oracle writes them, singular and plural (CR 300.1).
CARD_TYPES = {t.value.lower(): t.value for t in vocab.CardType}
_TYPE_PLURALS = {"sorceries": "Sorcery", "instants": "Instant", "creatures": "Creature", "artifacts": "Artifact",
                 "enchantments": "Enchantment", "lands": "Land", "planeswalkers": "Planeswalker", "battles": "Battle"}
SUPERTYPES = {t.value.lower(): t.value for t in vocab.Supertype}

# Oracle names of the keyword abilities (CR 702) that take no parameter -> canonical value of the format.
SIMPLE_KEYWORDS = {
    "flying": "flying", "reach": "reach", "first strike": "first_strike", "double strike": "double_strike",
    "trample": "trample", "deathtouch": "deathtouch", "lifelink": "lifelink", "vigilance": "vigilance",
    "haste": "haste", "defender": "defender", "menace": "menace", "indestructible": "indestructible",
    "hexproof": "hexproof", "shroud": "shroud", "infect": "infect", "wither": "wither", "persist": "persist",
    "undying": "undying", "changeling": "changeling", "flash": "flash", "prowess": "prowess", "exalted": "exalted",
    "flanking": "flanking", "battle cry": "battle_cry", "split second": "split_second", "devoid": "devoid",
    "convoke": "convoke",
}
# Keywords with a number (CR 702.21 ward, 702.6 equip, 702.122 crew, 702.164 toxic, 702.45 bushido,
# 702.130 afflict, 702.86 annihilator): Oracle name -> the format's prefix.
NUMBER_KEYWORDS = {"ward": "ward", "equip": "equip", "crew": "crew", "toxic": "toxic", "bushido": "bushido",
                   "afflict": "afflict", "annihilator": "annihilator"}


def number(word: str) -> int | str | None:
    """``"two"`` -> 2, ``"3"`` -> 3, ``"X"`` -> ``"x"`` (CR 107.3); ``None`` for anything else."""
    w = word.strip().lower()
    if w.isdigit():
        return int(w)
    if w == "x":
        return "x"
    return NUMBERS.get(w)


def card_type(word: str) -> str | None:
    """``"creatures"`` -> ``Creature`` (singular or plural, any case)."""
    w = word.lower()
    return CARD_TYPES.get(w) or _TYPE_PLURALS.get(w)


def _plurals(name: str) -> set[str]:
    """The English plurals Oracle uses for a subtype (``Elf`` -> ``Elves``, ``Faerie`` -> ``Faeries``)."""
    out = {name + "s", name + "es"}
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        out.add(name[:-1] + "ies")
    if name.endswith("f"):
        out.add(name[:-1] + "ves")
    if name.endswith("fe"):
        out.add(name[:-2] + "ves")
    if name.endswith("man"):
        out.add(name[:-3] + "men")
    return out


@lru_cache(maxsize=1)
def _subtypes() -> dict[str, str]:
    """Every subtype (CR 205.3) and its plurals -> the subtype."""
    table: dict[str, str] = {}
    for name in vocab.SUBTYPE_KINDS:
        table[name] = name
    for name in vocab.SUBTYPE_KINDS:
        for plural in _plurals(name):
            table.setdefault(plural, name)
    # Oracle writes these subtypes in the plural as they are ("Plains", "Sheep" ...).
    table["Plains"] = "Plains"
    return table


def subtype(word: str) -> str | None:
    """A capitalised subtype word (``Goblin``, ``Faeries``, ``Mountains``) -> the subtype; lower-case words are never
    subtypes (Oracle capitalises them, CR 205.3)."""
    if not word or not word[0].isupper():
        return None
    return _subtypes().get(word)


def subtype_any_case(word: str) -> str | None:
    """A subtype written after ``non-`` (``non-Aura``, ``non-Angel``), where case is as printed."""
    for key, value in _subtypes().items():
        if key.lower() == word.lower():
            return value
    return None


PT_RE = re.compile(r"^([+-]?)(\d+|x)/([+-]?)(\d+|x)$", re.IGNORECASE)


def pt_change(text: str) -> list[int] | None:
    """``"+2/-1"`` -> ``[2, -1]`` (a modification, CR 613.4c); ``None`` unless both parts are signed numbers."""
    m = PT_RE.match(text.strip())
    if not m or not m.group(1) or not m.group(3) or "x" in (m.group(2).lower(), m.group(4).lower()):
        return None
    p = int(m.group(2)) * (-1 if m.group(1) == "-" else 1)
    t = int(m.group(4)) * (-1 if m.group(3) == "-" else 1)
    return [p, t]


def pt_value(text: str) -> list[int] | None:
    """``"2/2"`` -> ``[2, 2]`` (an unsigned power/toughness, CR 208)."""
    m = PT_RE.match(text.strip())
    if not m or m.group(1) or m.group(3) or "x" in (m.group(2).lower(), m.group(4).lower()):
        return None
    return [int(m.group(2)), int(m.group(4))]


MANA_SYMBOL_RE = re.compile(r"\{([WUBRGC])\}")
MANA_COST_RE = re.compile(r"^(?:\{(?:\d+|[WUBRGCX]|[WUBRG]/[WUBRG]|2/[WUBRG]|[WUBRG]/P)\})+$")


def mana_cost(text: str) -> str | None:
    """``"{1}{R}"`` as a mana cost of the format (CR 202.1), or ``None``."""
    t = text.strip()
    return t if MANA_COST_RE.match(t) else None


def split_list(text: str) -> list[str]:
    """``"trample and lifelink"``, ``"flying, first strike, and vigilance"`` -> the items."""
    parts = re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", text.strip())
    return [p.strip() for p in parts if p.strip()]


def keyword_list(text: str) -> list[str] | None:
    """A list of keyword abilities without parameters (``"trample and lifelink"``) -> canonical values, or ``None``
    when an item is not such a keyword (CR 702)."""
    out = []
    for item in split_list(text):
        kw = SIMPLE_KEYWORDS.get(item.lower())
        if kw is None:
            m = re.fullmatch(r"protection from (white|blue|black|red|green|creatures|everything)", item.lower())
            if not m:
                return None
            kw = f"protection_from_{m.group(1)}"
        out.append(kw)
    return out
