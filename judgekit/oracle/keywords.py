"""Keyword lines: ``Flying``, ``Double strike, protection from black and from green``, ``Ward {2}``,
``Equip {1}``, ``Crew 3``, ``Enchant creature`` (CR 702; SCENARIO-FORMAT.md "Objects" and 2.7 "Keywords").

A line is a keyword line when every comma-separated item is a keyword. Keywords with a number become the format's
``ward_2``, ``equip_1``, ``crew_3``; ``Enchant X`` becomes the Aura's ``target`` selector (CR 303.4a).
"""

from __future__ import annotations

import re
from typing import Any

import judgekit.oracle.words as words
from judgekit.oracle.context import Ctx, Data, Template, Unsupported, first_match, template
from judgekit.oracle.objects import selector
from judgekit.oracle.text import OracleLine

TABLE: list[Template] = []


def _t(pattern: str) -> Any:
    return template(TABLE, "keyword", pattern)


@_t(r"(?P<kw>" + "|".join(sorted(words.SIMPLE_KEYWORDS, key=len, reverse=True)) + r")")
def simple(m: re.Match[str], ctx: Ctx) -> Data:
    """A keyword ability without parameters (flying, first strike, deathtouch...): CR 702.1."""
    return {"keywords": [words.SIMPLE_KEYWORDS[m["kw"].lower()]]}


@_t(r"protection from (?P<q>(?:white|blue|black|red|green|creatures|everything)"
    r"(?:,? (?:and )?from (?:white|blue|black|red|green|creatures|everything))*)")
def protection(m: re.Match[str], ctx: Ctx) -> Data:
    """Protection from a colour, from creatures or from everything; "from black and from green" is two instances:
    CR 702.16a, 702.16g."""
    qualities = re.findall(r"white|blue|black|red|green|creatures|everything", m["q"], re.IGNORECASE)
    return {"keywords": [f"protection_from_{q.lower()}" for q in qualities]}


@_t(r"(?P<kw>ward|equip) \{(?P<n>\d+)\}")
def generic_cost(m: re.Match[str], ctx: Ctx) -> Data:
    """Ward {N} (CR 702.21a) and equip {N} (CR 702.6a): the format's ``ward_N`` and ``equip_N``."""
    return {"keywords": [f"{m['kw'].lower()}_{int(m['n'])}"]}


@_t(r"ward-pay (?P<n>\d+) life")
def ward_life(m: re.Match[str], ctx: Ctx) -> Data:
    """Ward—Pay N life: the ward trigger counters unless its controller pays N life, CR 702.21a."""
    return {"keywords": [f"ward_life_{int(m['n'])}"]}


@_t(r"(?P<kw>crew|toxic|bushido|afflict|annihilator) (?P<n>\d+)")
def with_number(m: re.Match[str], ctx: Ctx) -> Data:
    """Crew N (CR 702.122a), toxic N (702.164a), bushido N (702.45a), afflict N (702.130a), annihilator N
    (702.86a): the format's ``crew_N`` and so on (CR 702.1)."""
    return {"keywords": [f"{words.NUMBER_KEYWORDS[m['kw'].lower()]}_{int(m['n'])}"]}


@_t(r"enchant (?P<what>.+)")
def enchant(m: re.Match[str], ctx: Ctx) -> Data:
    """Enchant: what the Aura may target as it is cast and be attached to (CR 702.5a, 303.4a); the format writes it
    as the Aura's ``target``."""
    what = m["what"]
    sel: Data = {} if what.lower() == "permanent" else selector(what)
    return {"target": sel}


def compile_line(line: OracleLine, ctx: Ctx) -> tuple[list[Template], Data]:
    """A line made only of keywords: the templates used and ``{"keywords": [...], "target": ...}``."""
    text = re.sub(r"\s*—\s*", "-", line.text.strip().rstrip("."))
    if line.ability_word or not text:
        raise Unsupported("not a keyword line")
    items = re.split(r",\s*(?!(?:and )?from\b)", text)
    out: Data = {}
    for item in items:
        _tpl, data = first_match(TABLE, item.strip(), ctx)
        if "target" in data:
            if "target" in out:
                raise Unsupported("two enchant abilities")
            out["target"] = data["target"]
        out.setdefault("keywords", []).extend(data.get("keywords", []))
    if not out.get("keywords"):
        out.pop("keywords", None)
    return list(ctx.used), out
