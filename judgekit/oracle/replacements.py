"""Replacement effects of permanents: "If ... would ..., ... instead", "enters tapped", "enters with counters",
"enter as a copy", "As ~ enters, choose ..." (CR 614, 616; SCENARIO-FORMAT.md 2.3 and 2.4).
"""

from __future__ import annotations

import re
from typing import Any

from judgekit.oracle.context import Card, Ctx, Data, Template, Unsupported, first_match, template
from judgekit.oracle.effects import effects
from judgekit.oracle.objects import amount, selector
from judgekit.oracle.text import OracleLine, sentences

TABLE: list[Template] = []


def _t(pattern: str) -> Any:
    return template(TABLE, "replacement", pattern)


def _repl(body: Data) -> Data:
    return {"abilities": [{"replacement": body}]}


# -- entering the battlefield --------------------------------------------------------------------------------


@_t(r"~ enters tapped")
def enters_tapped(m: re.Match[str], ctx: Ctx) -> Data:
    """A permanent that enters tapped: a replacement effect on how it enters, CR 614.1c."""
    return _repl({"event": "would_enter", "then": {"tapped": True}})


@_t(r"~ enters with (?P<n>\w+) (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters? on it")
def enters_with_counters(m: re.Match[str], ctx: Ctx) -> Data:
    """A permanent that enters with counters (X is the X paid for it, CR 107.3m): CR 614.1c."""
    kind = m["kind"] if "/" in m["kind"] else m["kind"].lower()
    return _repl({"event": "would_enter", "then": {"counters": {kind: amount(m["n"])}}})


def _copy_except(text: str) -> Data:
    t = text.strip().lower()
    m = re.fullmatch(r"it's an? (\w+) in addition to its other types", t)
    if m:
        from judgekit.oracle.words import card_type

        typ = card_type(m.group(1))
        if typ is None:
            raise Unsupported("not a card type")
        return {"add_types": [typ]}
    m = re.fullmatch(r"it's (\d+)/(\d+)", t)
    if m:
        return {"power": int(m.group(1)), "toughness": int(m.group(2))}
    m = re.fullmatch(r"it has (.+)", t)
    if m:
        from judgekit.oracle.words import keyword_list

        kws = keyword_list(m.group(1))
        if kws is None:
            raise Unsupported("abilities this template does not read")
        return {"add_keywords": kws}
    raise Unsupported("a copy exception this template does not read")


@_t(r"you may have ~ enter as a copy of (?:any|an?) (?P<what>.+?) on the battlefield(?:, except (?P<exc>.+))?")
def enters_as_copy(m: re.Match[str], ctx: Ctx) -> Data:
    """A permanent that may enter as a copy of one on the battlefield (CR 614.1c, 707.9), with the exceptions
    written after "except" (CR 707.9b)."""
    then: Data = {"copy_of": selector(m["what"])}
    if m["exc"]:
        then["except"] = _copy_except(m["exc"])
    return _repl({"event": "would_enter", "then": then, "optional": True})


_AS_ENTERS = {"a color": "color", "a creature type": "creature_type", "a card type": "card_type",
              "a player": "player", "an opponent": "player", "a basic land type": "basic_land_type"}


@_t(r"as ~ enters, choose (?P<what>a color|a creature type|a card type|a player|an opponent|a basic land type)")
def as_enters(m: re.Match[str], ctx: Ctx) -> Data:
    """A choice made as the permanent enters, before it is on the battlefield: CR 614.1c, 614.12."""
    if m["what"].lower() == "an opponent":
        raise Unsupported("an opponent only")
    return {"as_enters": {"choose": _AS_ENTERS[m["what"].lower()]}}


# -- life ----------------------------------------------------------------------------------------------------

_WHO = {"you": {"player": True, "controller": "you"}, "a player": {"player": True},
        "an opponent": {"player": True, "controller": "opponent"},
        "each opponent": {"player": True, "controller": "opponent"}}


@_t(r"if (?P<who>you|a player|an opponent) would gain life, (?P<then>.+) instead")
def gain_life(m: re.Match[str], ctx: Ctx) -> Data:
    """A replacement effect on life gained: twice as much, nothing, or a loss instead (CR 614.1a, 119.3)."""
    then = m["then"].lower()
    if re.fullmatch(r"(?:you|that player|they) gains? twice that much life", then):
        mod: Data = {"times": 2}
    elif re.fullmatch(r"(?:you|that player|they) gains? no life", then):
        mod = {"prevent": "all"}
    elif re.fullmatch(r"(?:you|that player|they) loses? that much life", then):
        mod = {"lose_instead": True}
    else:
        m2 = re.fullmatch(r"(?:you|that player|they) gains? that much life plus (\w+)", then)
        if not m2:
            raise Unsupported("a life replacement this template does not read")
        plus = amount(m2.group(1))
        if not isinstance(plus, int):
            raise Unsupported("not a number")
        mod = {"plus": plus}
    return _repl({"event": "would_gain_life", "of": _WHO[m["who"].lower()], "then": mod})


# -- tokens and counters -------------------------------------------------------------------------------------


@_t(r"if an effect would create one or more tokens under your control, it creates twice that many of those tokens "
    r"instead")
def double_tokens(m: re.Match[str], ctx: Ctx) -> Data:
    """Twice as many tokens created under your control: CR 614.1a, 111.1."""
    return _repl({"event": "would_create_tokens", "of": {"player": True, "controller": "you"}, "then": {"times": 2}})


def _counter_amount(text: str) -> Data:
    t = text.strip().lower()
    if t.startswith("twice that many"):
        return {"times": 2}
    if re.match(r"that many plus one\b", t):
        return {"plus": 1}
    if re.match(r"that many (?:[+-]1/[+-]1 counters )?minus one\b", t):
        return {"minus": 1}
    raise Unsupported("a counter amount this template does not read")


@_t(r"if an effect would put one or more counters on (?P<obj>.+?), it puts (?P<amt>twice that many) of those "
    r"counters on that permanent instead")
def effect_counters(m: re.Match[str], ctx: Ctx) -> Data:
    """More counters put by an effect on a permanent: CR 614.1a, 122.6."""
    return _repl({"event": "would_put_counters", "of": selector(m["obj"]), "then": _counter_amount(m["amt"])})


@_t(r"if one or more (?:(?P<kind>[+-]1/[+-]1) )?counters would be put on (?P<obj>.+?), (?P<amt>.+?) "
    r"(?:are put on (?:it|that permanent|that creature)) instead")
def counters(m: re.Match[str], ctx: Ctx) -> Data:
    """More or fewer counters put on a permanent (of one kind, or of each kind): CR 614.1a, 122.6."""
    body: Data = {"event": "would_put_counters", "of": selector(m["obj"])}
    if m["kind"]:
        body["kind"] = m["kind"]
    body["then"] = _counter_amount(m["amt"])
    return _repl(body)


@_t(r"if you would get one or more counters, you get (?P<amt>.+?) instead")
def player_counters(m: re.Match[str], ctx: Ctx) -> Data:
    """More counters put on you: CR 614.1a, 122.6."""
    return _repl({"event": "would_put_counters", "of": {"player": True, "controller": "you"},
                  "then": _counter_amount(m["amt"])})


# -- damage --------------------------------------------------------------------------------------------------

_ANYONE = ("a permanent or player", "any permanent or player", "a player or permanent")


def _damage_mod(text: str) -> Data:
    t = text.strip().lower()
    if re.fullmatch(r"double that damage(?: to that (?:permanent or player|player or permanent|creature))?", t):
        return {"times": 2}
    m = re.fullmatch(r"that much damage plus (\w+)(?: to that (?:permanent or player|player or permanent))?", t)
    if m:
        n = amount(m.group(1))
        if isinstance(n, int):
            return {"plus": n}
    raise Unsupported("a damage amount this template does not read")


def _source(text: str) -> Data | None:
    t = text.strip()
    if t.lower() == "a source":
        return None
    m = re.fullmatch(r"an? (.+?) source(?: (you control|an opponent controls))?", t, re.IGNORECASE)
    if not m:
        raise Unsupported("a source this template does not read")
    sel = selector(m.group(1))
    if m.group(2):
        sel["controller"] = "you" if m.group(2).lower() == "you control" else "opponent"
    return sel


def _recipient(text: str) -> Data | None:
    t = text.strip().lower()
    if t in _ANYONE:
        return None
    parts = re.split(r" or (?=an? |target |you\b)", t)
    alternatives = []
    for p in parts:
        if p in ("an opponent", "each opponent"):
            alternatives.append({"player": True, "controller": "opponent"})
        elif p == "you":
            alternatives.append({"player": True, "controller": "you"})
        else:
            mm = re.fullmatch(r"an? (.+)", p)
            if not mm:
                raise Unsupported("a recipient this template does not read")
            alternatives.append(selector(mm.group(1)))
    return alternatives[0] if len(alternatives) == 1 else {"any": alternatives}


@_t(r"if (?P<src>.+?) would deal damage to (?P<to>.+?), it deals (?P<amt>.+) instead")
def damage(m: re.Match[str], ctx: Ctx) -> Data:
    """More damage dealt: a replacement effect on damage, seen from the source or from what is dealt damage:
    CR 614.1a, 120.3."""
    src, to, mod = _source(m["src"]), _recipient(m["to"]), _damage_mod(m["amt"])
    if to is None:
        return _repl({"event": "would_deal_damage", "of": src if src is not None else {}, "then": mod})
    body: Data = {"event": "would_be_dealt_damage", "of": to}
    if src is not None:
        body["from"] = src
    body["then"] = mod
    return _repl(body)


@_t(r"prevent all (?P<combat>combat )?damage that would be dealt to (?P<to>.+)")
def prevent(m: re.Match[str], ctx: Ctx) -> Data:
    """A static prevention effect: CR 615.1a."""
    to = m["to"].strip()
    of: Data | str = "self" if to == "~" else _recipient(to) or {}
    body: Data = {"event": "would_be_dealt_damage", "of": of}
    if m["combat"]:
        body["combat"] = True
    body["then"] = {"prevent": "all"}
    return _repl(body)


# -- zones ---------------------------------------------------------------------------------------------------


@_t(r"if (?P<what>a card|a card or token|a nontoken permanent|a permanent) would be put into (?P<whose>a|an opponent's|"
    r"your) graveyard from anywhere, exile it instead")
def graveyard_to_exile(m: re.Match[str], ctx: Ctx) -> Data:
    """Cards (and tokens) that would go to a graveyard are exiled instead: CR 614.1a, 614.6."""
    what, whose = m["what"].lower(), m["whose"].lower()
    of: Data = {}
    if whose == "an opponent's":
        of["owner"] = "opponent"
    elif whose == "your":
        of["owner"] = "you"
    if what in ("a card", "a nontoken permanent"):
        of["token"] = False
    if "permanent" in what:
        raise Unsupported("from anywhere, permanents only")
    return _repl({"event": "would_go_to_graveyard", "of": of, "then": {"to": "exile"}})


@_t(r"if (?P<what>.+?) would die, (?P<rest>.+)")
def would_die(m: re.Match[str], ctx: Ctx) -> Data:
    """A permanent that would die is exiled, or something else happens, instead: CR 614.1a, 700.4."""
    what = m["what"].strip()
    of: Data | str
    if what == "~":
        of = "self"
    else:
        mm = re.fullmatch(r"an? (.+)", what, re.IGNORECASE)
        if not mm:
            raise Unsupported("an object this template does not read")
        of = selector(mm.group(1))
    rest = m["rest"].strip()
    if re.fullmatch(r"exile (?:it|that card) instead", rest, re.IGNORECASE):
        body: Data = {"event": "would_die", "then": {"to": "exile"}}
    else:
        mm = re.fullmatch(r"instead (.+)|(.+) instead", rest, re.IGNORECASE)
        if not mm:
            raise Unsupported("a replacement this template does not read")
        sub = Ctx(card=ctx.card, it="event_object")
        body = {"event": "would_die", "then": {"instead": effects(mm.group(1) or mm.group(2), sub)}}
        if sub.target is not None:
            raise Unsupported("a target in a replacement effect")
    if of != "self":
        body = {"event": body["event"], "of": of, "then": body["then"]}
    return _repl(body)


@_t(r"if (?P<who>you|an opponent|a player) would draw a card, (?P<rest>.+)")
def would_draw(m: re.Match[str], ctx: Ctx) -> Data:
    """A draw replaced by something else: CR 614.1a, 121.6."""
    rest = m["rest"].strip()
    mm = re.fullmatch(r"instead (?:you skip that draw and )?(.+)|(.+) instead", rest, re.IGNORECASE)
    if not mm:
        raise Unsupported("a replacement this template does not read")
    sub = Ctx(card=ctx.card, it=None)
    instead = effects(mm.group(1) or mm.group(2), sub)
    if sub.target is not None:
        raise Unsupported("a target in a replacement effect")
    return _repl({"event": "would_draw", "of": _WHO[m["who"].lower()], "then": {"instead": instead}})


def compile_line(line: OracleLine, card: Card) -> tuple[list[Template], Data]:
    """A replacement effect line: the templates used and ``{"abilities": [...]}`` or ``{"as_enters": ...}``."""
    ctx = Ctx(card=card)
    parts = sentences(line.text)
    if len(parts) != 1:
        raise Unsupported("more than one sentence")
    _tpl, data = first_match(TABLE, parts[0], ctx)
    return list(ctx.used), data
