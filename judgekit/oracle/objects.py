"""Noun phrases of Oracle text as the format's selectors and references (SCENARIO-FORMAT.md "Selectors",
"One-shot effects").

``selector("nonbasic lands you control")`` is ``{types: [Land], not_supertypes: [Basic], controller: you}``;
``reference("another target creature", ctx)`` registers the target and returns ``"target"``. A word the parser
does not know raises :class:`~judgekit.oracle.context.Unsupported`: a phrase is read whole or not at all.
"""

from __future__ import annotations

import json
import re
from typing import Any

import judgekit.oracle.words as words
from judgekit.oracle.context import Ctx, Data, Unsupported

# CR 115.4: "any target" is a creature, a player, a planeswalker or a battle.
ANY_TARGET: Data = {"any": [{"types": ["Creature"]}, {"types": ["Planeswalker"]}, {"types": ["Battle"]},
                            {"player": True}]}

# Phrases that name a whole set at once.
_FIXED: dict[str, Data] = {
    # Cards outside the battlefield, spells and permanents: every object (SCENARIO-FORMAT.md, zone ``all``).
    "all cards that aren't on the battlefield, spells, and permanents": {"zone": "all"},
    "cards that aren't on the battlefield, spells, and permanents": {"zone": "all"},
}

_SUFFIXES: list[tuple[str, Data]] = [
    (r" you don't control", {"controller": "opponent"}),
    (r" you control", {"controller": "you"}),
    (r" (?:an opponent controls|your opponents control|opponents control)", {"controller": "opponent"}),
    (r" you own", {"owner": "you"}),
    (r" (?:an opponent owns|your opponents own)", {"owner": "opponent"}),
    (r" (?:from|in) your graveyard", {"zone": "graveyard", "owner": "you"}),
    (r" (?:from|in) (?:a|any) graveyard", {"zone": "graveyard"}),
    (r" (?:from|in) an opponent's graveyard", {"zone": "graveyard", "owner": "opponent"}),
    (r" on the battlefield", {}),
]
_HEADS = {"permanent", "permanents", "spell", "spells", "card", "cards", "player", "players", "opponent", "opponents"}


def _part(text: str) -> tuple[Data, str | None]:
    """One alternative (``"white creature"``, ``"non-Aura enchantment"``): its filter and its head noun."""
    out: Data = {}
    head: str | None = None
    for word in text.split():
        lower = word.lower()
        typ = words.card_type(word)
        sub = words.subtype(word)
        if lower in words.COLORS:
            out.setdefault("colors", []).append(lower)
        elif lower == "colorless":
            out["not_colors"] = list(words.ALL_COLORS)
        elif lower in words.SUPERTYPES:
            out.setdefault("supertypes", []).append(words.SUPERTYPES[lower])
        elif lower in ("token", "tokens"):
            out["token"] = True
        elif typ is not None:
            out.setdefault("types", []).append(typ)
            head = "type"
        elif sub is not None:
            out.setdefault("subtypes", []).append(sub)
        elif lower.startswith("non") and len(lower) > 3:
            rest = word[3:].lstrip("-")
            if words.card_type(rest):
                out.setdefault("not_types", []).append(words.card_type(rest))
            elif rest.lower() in words.COLORS:
                out.setdefault("not_colors", []).append(rest.lower())
            elif rest.lower() in words.SUPERTYPES:
                out.setdefault("not_supertypes", []).append(words.SUPERTYPES[rest.lower()])
            elif rest.lower() == "token":
                out["token"] = False
            elif words.subtype_any_case(rest):
                out.setdefault("not_subtypes", []).append(words.subtype_any_case(rest))
            else:
                raise Unsupported(f"unknown word {word!r}")
        elif lower in _HEADS:
            head = lower.rstrip("s")
            if head == "spell":
                out["zone"] = "stack"
            elif head == "player":
                out["player"] = True
            elif head == "opponent":
                out["player"] = True
                out["controller"] = "opponent"
        else:
            raise Unsupported(f"unknown word {word!r}")
    if head == "card" and "permanent" in text.lower().split():
        # A permanent card: a card with a permanent type, i.e. neither instant nor sorcery (CR 110.4a).
        out.setdefault("not_types", []).extend(["Instant", "Sorcery"])
    return out, head


def _hoist(alternatives: list[Data]) -> Data:
    """``any:`` of the alternatives, with the keys they all share written once beside it."""
    shared = {k: v for k, v in alternatives[0].items()
              if all(k in a and a[k] == v for a in alternatives[1:])}
    rest = [{k: v for k, v in a.items() if k not in shared} for a in alternatives]
    if any(not r for r in rest):
        raise Unsupported("alternatives that do not differ")
    return {"any": rest, **shared}


def selector(phrase: str) -> Data:
    """A descriptive noun phrase (no article, no "target") -> a selector filter (SCENARIO-FORMAT.md "Selectors")."""
    text = re.sub(r"^(?:a|an) ", "", phrase.strip(), flags=re.IGNORECASE)
    fixed = _FIXED.get(text.lower())
    if fixed is not None:
        return dict(fixed)
    extra: Data = {}
    keywords: list[str] = []
    color_alternatives: list[str] | None = None
    changed = True
    while changed:
        changed = False
        for pattern, keys in _SUFFIXES:
            m = re.search(pattern + r"$", text, re.IGNORECASE)
            if m:
                extra.update(keys)
                text = text[: m.start()]
                changed = True
        m = re.search(r" with (flying|reach|trample|defender|haste|deathtouch|lifelink|vigilance|menace|"
                      r"first strike|double strike|indestructible|hexproof|shroud)$", text, re.IGNORECASE)
        if m:
            keywords.append(words.SIMPLE_KEYWORDS[m.group(1).lower()])
            text = text[: m.start()]
            changed = True
        m = re.search(r" that's ((?:white|blue|black|red|green)(?:,? (?:or|and) (?:white|blue|black|red|green))*)$",
                      text, re.IGNORECASE)
        if m:
            color_alternatives = [c.lower() for c in words.split_list(m.group(1))]
            text = text[: m.start()]
            changed = True
    if not re.search(r"\b(?:or|and)\b", text, re.IGNORECASE):
        text = text.replace(",", "")  # "nonartifact, nonblack creature": every adjective holds
    parts = [p for p in re.split(r",? (?:or|and) |, ", text.strip()) if p]
    if not parts:
        raise Unsupported("empty noun phrase")
    parsed = [_part(p) for p in parts]
    last, last_head = parsed[-1]
    filters: list[Data] = []
    for i, (f, head) in enumerate(parsed):
        f = dict(f)
        if i < len(parsed) - 1:
            # "white or black creature", "instant and sorcery spells": the last head noun is shared.
            if head is None and last_head == "type" and "types" not in f:
                f["types"] = list(last["types"])
            if last.get("zone") == "stack" and not f.get("player"):
                f["zone"] = "stack"
        filters.append(f)
    if color_alternatives is not None:
        filters = [{**f, "colors": [c]} for f in filters for c in color_alternatives]
    if keywords:
        filters = [{**f, "keywords": keywords} for f in filters]
    out = filters[0] if len(filters) == 1 else _hoist(filters)
    if any(head == "card" for _f, head in parsed) and "zone" not in extra:
        raise Unsupported("a card without its zone")
    for key, value in extra.items():
        if key == "controller" and out.get("player") and value == "you" and out.get("controller") == "opponent":
            raise Unsupported("contradictory controller")
        out[key] = value
    if out.get("player") and set(out) - {"player", "controller"}:
        raise Unsupported("a player with object qualities")
    return out


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


_PRONOUNS = {"it", "him", "her", "them", "they", "that creature", "that permanent", "that card", "that land",
             "those creatures", "those permanents", "that artifact", "that enchantment"}


def reference(phrase: str, ctx: Ctx) -> Any:
    """What a noun phrase names in an effect (its ``to:``): ``self``, ``you``, ``target`` (the target registered
    in ``ctx``), ``enchanted``, ``equipped``, the antecedent of a pronoun, or a selector for "each/all ..."."""
    text = phrase.strip()
    lower = text.lower()
    ref: Any
    if text == "~" or lower == "itself":
        ref = "self"
    elif lower in _PRONOUNS:
        ref = ctx.pronoun()
    elif lower == "you":
        return "you"
    elif lower == "any target":
        ref = ctx.add_target(ANY_TARGET)
    elif lower in ("enchanted creature", "enchanted land", "enchanted permanent", "enchanted artifact"):
        ref = "enchanted"
    elif lower in ("equipped creature",):
        ref = "equipped"
    elif lower in ("each player", "all players"):
        ref = {"player": True}
    elif lower in ("each opponent", "your opponents", "all opponents"):
        ref = {"player": True, "controller": "opponent"}
    else:
        m = re.fullmatch(r"(another |other )?target (.+)", text, re.IGNORECASE)
        if m:
            sel = selector(m.group(2))
            if m.group(1):
                sel["other"] = True
            ref = ctx.add_target(sel)
        else:
            m = re.fullmatch(r"(?:each|all|every) (other )?(.+)", text, re.IGNORECASE) or \
                re.fullmatch(r"(other )?(.*\b(?:creatures|permanents|lands|artifacts|enchantments|planeswalkers|"
                             r"tokens)\b.*)", text, re.IGNORECASE)
            if not m:
                raise Unsupported(f"unknown object {phrase!r}")
            ref = selector(m.group(2))
            if m.group(1):
                ref["other"] = True
    ctx.last = ref
    return ref


def group(phrase: str) -> Any:
    """The objects a static ability affects (CR 611.3a): ``self``, ``enchanted``, ``equipped`` or a selector, from
    "~", "enchanted creature", "other Goblin creatures you control", "each land", "all permanents"."""
    text = phrase.strip()
    lower = text.lower()
    if text == "~":
        return "self"
    if lower in ("enchanted creature", "enchanted land", "enchanted permanent", "enchanted artifact"):
        return "enchanted"
    if lower == "equipped creature":
        return "equipped"
    if lower in ("players", "each player", "all players"):
        return {"player": True}
    if lower in ("your opponents", "each opponent", "opponents"):
        return {"player": True, "controller": "opponent"}
    if lower in ("you",):
        return {"player": True, "controller": "you"}
    other = False
    m = re.fullmatch(r"(?:(?:each|all|every) )?(other |another )?(.+)", text, re.IGNORECASE)
    if m:
        other = bool(m.group(1))
        text = m.group(2)
    sel = selector(text)
    if other:
        sel["other"] = True
    return sel


def amount(word: str) -> int | str:
    """A number word as an amount (``"X"`` is ``x``, CR 107.3)."""
    n = words.number(word)
    if n is None:
        raise Unsupported(f"not a number {word!r}")
    return n
