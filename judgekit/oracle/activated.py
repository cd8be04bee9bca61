"""Activated abilities, mana abilities and loyalty abilities: "COST: EFFECT" (CR 602, 605, 606; SCENARIO-FORMAT.md
"Abilities", activated and mana forms; 2.7 "Costs").

The cost is read item by item by this module's ``COSTS`` table; a mana ability ("{T}: Add {G}") by ``TABLE``;
any other effect by :mod:`judgekit.oracle.effects`.
"""

from __future__ import annotations

import re
from typing import Any

import judgekit.oracle.words as words
from judgekit.oracle.context import Card, Ctx, Data, Template, Unsupported, first_match, template
from judgekit.oracle.effects import effects
from judgekit.oracle.objects import amount, selector
from judgekit.oracle.spells import modes
from judgekit.oracle.text import OracleLine, modal_count

COSTS: list[Template] = []
TABLE: list[Template] = []


def _c(pattern: str) -> Any:
    return template(COSTS, "cost", pattern)


def _t(pattern: str) -> Any:
    return template(TABLE, "activated", pattern)


@_c(r"\{T\}")
def tap(m: re.Match[str]) -> Any:
    """The tap symbol: tap this permanent as a cost, CR 107.5, 602.5a."""
    return "tap"


@_c(r"\{Q\}")
def untap(m: re.Match[str]) -> Any:
    """The untap symbol: untap this permanent as a cost, CR 107.6."""
    return "untap"


@_c(r"(?P<cost>(?:\{[^}]+\})+)")
def mana(m: re.Match[str]) -> Any:
    """A mana cost to activate: CR 602.2b, 118.1."""
    cost = words.mana_cost(m["cost"].upper())
    if cost is None:
        raise Unsupported("a mana symbol the format does not have")
    return {"mana": cost}


@_c(r"sacrifice ~")
def sacrifice_self(m: re.Match[str]) -> Any:
    """Sacrificing the source as a cost: CR 701.21a, 602.2b."""
    return "sacrifice_self"


@_c(r"sacrifice (?P<other>another )?(?:an? )?(?P<what>.+)")
def sacrifice(m: re.Match[str]) -> Any:
    """Sacrificing a permanent as a cost, chosen as it is paid: CR 701.21a, 602.2b."""
    sel = selector(m["what"])
    if m["other"]:
        sel["other"] = True
    return {"sacrifice": sel}


@_c(r"pay (?P<n>\d+) life")
def pay_life(m: re.Match[str]) -> Any:
    """Paying life as a cost: CR 119.4."""
    return {"pay_life": int(m["n"])}


@_c(r"discard (?P<n>\w+) cards?")
def discard(m: re.Match[str]) -> Any:
    """Discarding cards as a cost: CR 701.9a, 602.2b."""
    return {"discard": amount(m["n"])}


@_c(r"remove (?P<n>\w+) (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters? from ~")
def remove_counters(m: re.Match[str]) -> Any:
    """Removing counters from the source as a cost: CR 122.8 (counters), 602.2b."""
    kind = m["kind"] if "/" in m["kind"] else m["kind"].lower()
    return {"remove_counters": {kind: amount(m["n"])}}


_MANA_ANY = ["W", "U", "B", "R", "G"]


@_t(r"add (?P<syms>\{[WUBRGC]\}(?:(?:,| or|, or) \{[WUBRGC]\})*)")
def add_mana(m: re.Match[str]) -> Data:
    """A mana ability that adds one mana of one of the symbols named: CR 605.1a, 106.1."""
    return {"mana": re.findall(r"\{([WUBRGC])\}", m["syms"])}


@_t(r"add one mana of any color")
def add_any_color(m: re.Match[str]) -> Data:
    """A mana ability that adds one mana of any colour: CR 605.1a, 106.1."""
    return {"mana": list(_MANA_ANY)}


def _cost(text: str) -> tuple[list[Template], list[Any]]:
    loyalty = re.fullmatch(r"([+-]?)(\d+|X)", text.strip())
    if loyalty:
        if loyalty.group(2) == "X":
            raise Unsupported("a loyalty cost of X")
        n = int(loyalty.group(2)) * (-1 if loyalty.group(1) == "-" else 1)
        return [], [{"loyalty": n}]
    used, parts = [], []
    for item in text.split(", "):
        tpl, part = first_match(COSTS, item.strip())
        used.append(tpl)
        parts.append(part)
    return used, parts


def compile_line(line: OracleLine, card: Card) -> tuple[list[Template], Data]:
    """An activated ability line: the templates used and ``{"abilities": [...]}``."""
    m = re.match(r"(?P<cost>[^:\"]+): (?P<body>.+)$", line.text)
    if not m:
        raise Unsupported("not an activated ability")
    used, cost = _cost(m["cost"])
    body = m["body"].strip()
    mana_body = body.rstrip(".")
    if re.match(r"add ", mana_body, re.IGNORECASE):
        tpl, data = first_match(TABLE, mana_body)
        if cost != ["tap"]:
            raise Unsupported("a mana ability with another cost")
        return [*used, tpl], {"abilities": [data]}
    activated: Data = {"cost": cost}
    if re.search(r"activate only as a sorcery\.?$", body, re.IGNORECASE):
        activated["timing"] = "sorcery"
        body = re.sub(r"\s*activate only as a sorcery\.?$", "", body, flags=re.IGNORECASE)
    modal = modal_count(body) if line.modes else None
    if modal is not None:
        before, count = modal
        if before:
            raise Unsupported("text before the modes")
        activated.update(modes(line.modes, count, card, "self", used))
    else:
        ctx = Ctx(card=card, it="self")
        entries = effects(body, ctx)
        if ctx.target is not None:
            activated["target"] = ctx.target
        activated["effect"] = entries
        used += ctx.used
    return used, {"abilities": [{"activated": activated}]}
