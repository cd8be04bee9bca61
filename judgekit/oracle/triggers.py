"""Triggered abilities: "When ~ enters, ...", "Whenever ~ attacks, ...", "At the beginning of your upkeep, ..."
(CR 603; SCENARIO-FORMAT.md "Abilities", triggered form).

The trigger condition is read by a template of this module's table (``TABLE``); the effect after the comma by
:mod:`judgekit.oracle.effects`. "you may" makes the ability optional (CR 603.5); an intervening "if" clause
(CR 603.4) and reflexive triggers are beyond the format.
"""

from __future__ import annotations

import re
from typing import Any

from judgekit.oracle.context import Card, Ctx, Data, Template, Unsupported, first_match, template
from judgekit.oracle.effects import effects
from judgekit.oracle.objects import selector
from judgekit.oracle.spells import modes
from judgekit.oracle.text import OracleLine, modal_count

TABLE: list[Template] = []

# What "it" names in the effect: the source for its own events, the object the event is about otherwise.
SELF = "self"
OTHER = "trigger_object"


def _t(pattern: str) -> Any:
    return template(TABLE, "trigger", pattern)


_SELF_EVENTS = {"enters": "enters", "attacks": "attacks", "blocks": "blocks", "becomes blocked": "becomes_blocked",
                "dies": "dies", "leaves the battlefield": "leaves_battlefield",
                "deals combat damage to a player": "deals_combat_damage_to_player",
                "deals combat damage": "deals_combat_damage", "deals damage": "deals_damage"}
_EVENT_RE = "|".join(sorted(_SELF_EVENTS, key=len, reverse=True))


@_t(r"(?:when|whenever) ~ (?P<e1>" + _EVENT_RE + r")(?: or (?P<e2>" + _EVENT_RE + r"))?")
def own_event(m: re.Match[str]) -> tuple[list[Data], str]:
    """An ability that triggers on an event of its own source (enters, attacks, blocks, dies, deals damage):
    CR 603.2, 603.6a, 603.10a. "enters or attacks" is two triggered abilities here."""
    events = [m["e1"], *([m["e2"]] if m["e2"] else [])]
    return [{"event": _SELF_EVENTS[e.lower()]} for e in events], SELF


@_t(r"(?:when|whenever) (?P<who>enchanted|equipped) creature (?P<e1>" + _EVENT_RE + r")")
def attached_event(m: re.Match[str]) -> tuple[list[Data], str]:
    """An ability of an Aura or Equipment that triggers on an event of the creature it is attached to: CR 603.2."""
    return [{"event": _SELF_EVENTS[m["e1"].lower()], "of": m["who"].lower()}], OTHER


@_t(r"whenever ~ or another (?P<what>.+?) (?P<e>enters|dies)")
def self_or_another(m: re.Match[str]) -> tuple[list[Data], str]:
    """"Whenever ~ or another creature dies": one ability whose event is about any such object, itself included,
    CR 603.2, 603.10a."""
    return [{"event": m["e"].lower(), "of": selector(m["what"])}], OTHER


@_t(r"whenever (?P<other>another|a|an) (?P<what>.+?) (?P<e>enters|dies|attacks)")
def other_object(m: re.Match[str]) -> tuple[list[Data], str]:
    """An ability that triggers on an event of other objects (another creature entering, a creature dying):
    CR 603.2, 603.10a."""
    sel = selector(m["what"])
    if m["other"].lower() == "another":
        sel["other"] = True
    return [{"event": m["e"].lower(), "of": sel}], OTHER


@_t(r"whenever you gain life")
def you_gain_life(m: re.Match[str]) -> tuple[list[Data], str]:
    """An ability that triggers once for each life-gain event of its controller: CR 603.2, 119.9."""
    return [{"event": "you_gain_life"}], SELF


@_t(r"whenever ~ is dealt damage")
def dealt_damage(m: re.Match[str]) -> tuple[list[Data], str]:
    """An ability that triggers once for each damage event in which its source is dealt damage: CR 603.2c, 510.2
    (SCENARIO-FORMAT.md 2.7, ``dealt_damage``)."""
    return [{"event": "dealt_damage"}], SELF


@_t(r"whenever you cast a spell that targets ~")
def heroic(m: re.Match[str]) -> tuple[list[Data], str]:
    """Heroic: a spell its controller casts that targets the source, as it is cast (CR 601.2c, 603.2;
    SCENARIO-FORMAT.md 2.7, ``cast`` with ``targets``)."""
    return [{"event": "cast", "of": {"controller": "you"}, "targets": "self"}], SELF


_STEPS = {"your upkeep": "beginning_of_upkeep", "your end step": "beginning_of_end_step",
          "combat on your turn": "beginning_of_combat"}


@_t(r"at the beginning of (?P<step>your upkeep|your end step|combat on your turn)")
def step(m: re.Match[str]) -> tuple[list[Data], str]:
    """"At the beginning of" a step of its controller's turn: CR 503.1a, 507.1, 513.1a (CR 603.2)."""
    return [{"event": _STEPS[m["step"].lower()]}], SELF


def compile_line(line: OracleLine, card: Card) -> tuple[list[Template], Data]:
    """A triggered ability line: the templates used and ``{"abilities": [...]}`` (one ability per event)."""
    m = re.match(r"(when|whenever|at) ", line.text, re.IGNORECASE)
    if not m:
        raise Unsupported("not a triggered ability")
    found: tuple[Template, Any] | None = None
    body = ""
    for comma in re.finditer(r", ", line.text):
        try:
            found = first_match(TABLE, line.text[: comma.start()])
        except Unsupported:
            continue
        body = line.text[comma.end():]
        break
    if found is None:
        raise Unsupported("a trigger condition no template reads")
    tpl, (specs, it) = found
    optional = False
    if re.match(r"if ", body, re.IGNORECASE):
        raise Unsupported("an intervening if clause")
    if re.match(r"you may ", body, re.IGNORECASE):
        optional = True
        body = body[len("you may "):]
    used = [tpl]
    abilities = []
    for spec in specs:
        ctx = Ctx(card=card, it=it)
        ability: Data = {"trigger": spec}
        if optional:
            ability["optional"] = True
        modal = modal_count(body) if line.modes else None
        if modal is not None:
            before, count = modal
            if before:
                raise Unsupported("text before the modes")
            ability.update(modes(line.modes, count, card, it, used))
        else:
            entries = effects(body, ctx)
            if ctx.target is not None:
                ability["target"] = ctx.target
            ability["effect"] = entries
            used += [t for t in ctx.used if t not in used]
        abilities.append(ability)
    return used, {"abilities": abilities}
