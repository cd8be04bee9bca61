"""Instants and sorceries: the card's text is what the spell does as it resolves, with its target or its modes
(CR 608.2, 700.2; SCENARIO-FORMAT.md "Objects" ``effect``/``target``, 2.2 modal spells).
"""

from __future__ import annotations

import re
from typing import Any

from judgekit.oracle.context import Card, Ctx, Data, Template, Unsupported, first_match, template
from judgekit.oracle.effects import effects
from judgekit.oracle.objects import selector
from judgekit.oracle.text import OracleLine, modal_count


def modes(texts: list[str], count: int | str | list[int], card: Card, it: str | None, used: list[Any]) -> Data:
    """``modes`` (each with its own target) and ``choose``: a modal spell or ability, CR 700.2. The templates
    read are added to ``used``."""
    out: list[Data] = []
    for text in texts:
        ctx = Ctx(card=card, it=it)
        entries = effects(text, ctx)
        used += [t for t in ctx.used if t not in used]
        if ctx.divided:
            raise Unsupported("a divided amount in a mode")
        mode: Data = {}
        if ctx.target is not None:
            mode["target"] = ctx.target
        mode["effect"] = entries
        out.append(mode)
    if len(out) < 2:
        raise Unsupported("a modal ability with fewer than two modes")
    result: Data = {"modes": out}
    if count == "one or more":
        count = [1, len(out)]
    elif count == "any number":
        count = [0, len(out)]
    if count != 1:
        result["choose"] = count
    return result


ADDITIONAL: list[Template] = []


@template(ADDITIONAL, "additional_cost",
          r"as an additional cost to cast (?:~|this spell), sacrifice (?:an? )?(?P<what>.+)")
def sacrifice_as_additional_cost(m: re.Match[str]) -> Any:
    """Sacrificing a permanent as an additional cost of a spell, chosen as it is cast: CR 601.2f, 701.21a."""
    return {"additional_cost": [{"sacrifice": selector(m["what"])}]}


def compile_line(line: OracleLine, card: Card, ctx: Ctx) -> tuple[list[Any], Data]:
    """One paragraph of an instant or sorcery: ``{"effect": [...], "target": ...}``, ``{"modes", "choose"}`` or
    its ``additional_cost`` (SCENARIO-FORMAT.md 2.7).

    ``ctx`` is shared by the spell's paragraphs: one spell has one target selector (CR 115.1)."""
    if not line.modes and line.text.lower().startswith("as an additional cost"):
        tpl, data = first_match(ADDITIONAL, line.text.rstrip("."))
        return [tpl], data
    if line.modes:
        modal = modal_count(line.text)
        if modal is None or modal[0]:
            raise Unsupported("modes this template does not read")
        if ctx.target is not None or ctx.extras.get("effect"):
            raise Unsupported("modes after other effects")
        used: list[Any] = []
        return used, modes(line.modes, modal[1], card, None, used)
    saved = ctx.snapshot()
    before = len(ctx.used)
    try:
        entries = effects(line.text, ctx)
    except Unsupported:
        ctx.restore(saved)
        raise
    ctx.extras["effect"] = True
    used = ctx.used[before:]
    out: Data = {"effect": entries}
    if ctx.target is not None:
        out["target"] = ctx.target
    return used, out
