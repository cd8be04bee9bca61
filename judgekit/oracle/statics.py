"""Static abilities: anthems, granted abilities, set P/T, type and colour changes, rules changed, "as long as"
(CR 604, 611.3, 613; SCENARIO-FORMAT.md "Abilities", static form).

Each sentence of the line is one static ability; "They're still lands" and "The same is true for ..." are read
with the sentence before them (the second one is beyond the format: the line is then unmodelled).
"""

from __future__ import annotations

import re
from typing import Any

import judgekit.oracle.words as words
from judgekit.oracle.context import Card, Ctx, Data, Template, Unsupported, first_match, template
from judgekit.oracle.effects import animation
from judgekit.oracle.objects import group, selector
from judgekit.oracle.text import OracleLine, sentences

TABLE: list[Template] = []


def _t(pattern: str) -> Any:
    return template(TABLE, "static", pattern)


_COND = r"(?:(?P<c1>as long as .+?), )?"
_COND_END = r"(?: (?P<c2>as long as .+))?"


def condition(text: str | None) -> Data | None:
    """"as long as you control three or more artifacts" -> a condition of the format (CR 611.3b: a static ability
    whose effect applies only while a condition is true)."""
    if not text:
        return None
    t = text.strip()
    m = re.fullmatch(r"as long as you control (?P<n>\w+) or (?P<dir>more|fewer) (?P<what>.+)", t, re.IGNORECASE)
    if m:
        n = words.number(m["n"])
        if not isinstance(n, int):
            raise Unsupported("a condition this template does not read")
        key = "at_least" if m["dir"].lower() == "more" else "at_most"
        return {"count": {**selector(m["what"]), "controller": "you"}, key: n}
    m = re.fullmatch(r"as long as you control (?P<other>another )?(?:an? )?(?P<what>.+)", t, re.IGNORECASE)
    if m:
        sel = {**selector(m["what"]), "controller": "you"}
        if m["other"]:
            sel["other"] = True
        return {"count": sel, "at_least": 1}
    m = re.fullmatch(r"as long as you have (?P<n>\w+) or (?P<dir>less|more) life", t, re.IGNORECASE)
    if m:
        n = words.number(m["n"])
        if not isinstance(n, int):
            raise Unsupported("a condition this template does not read")
        return {"life": "you", "at_most" if m["dir"].lower() == "less" else "at_least": n}
    raise Unsupported("a condition this template does not read")


def _static(affects: Any, ops: Data, cond: Data | None = None) -> Data:
    body: Data = {"affects": affects, **ops}
    if cond is not None:
        body["condition"] = cond
    return {"static": body}


def _conds(m: re.Match[str]) -> Data | None:
    if m["c1"] and m["c2"]:
        raise Unsupported("two conditions")
    return condition(m["c1"] or m["c2"])


def _counted(what: str) -> Data:
    """"other creature you control", "artifact you control" -> ``{count: SELECTOR}``."""
    m = re.fullmatch(r"(other |another )?(.+)", what.strip(), re.IGNORECASE)
    assert m is not None
    sel = selector(m.group(2))
    if m.group(1):
        sel["other"] = True
    return {"count": sel}


@_t(r"(?P<subj>.+?) (?:gets|get) \+(?P<p>[01])/\+(?P<t>[01]) for each (?P<what>.+)")
def anthem_for_each(m: re.Match[str], ctx: Ctx) -> Data:
    """+1/+0 (or +1/+1, +0/+1) for each object counted, counted whenever characteristics are computed: layer 7c,
    CR 613.4c, 611.3a."""
    counted = _counted(m["what"])
    if m["p"] == "0" and m["t"] == "0":
        raise Unsupported("nothing to add")
    pt = {"power": counted if m["p"] == "1" else 0, "toughness": dict(counted) if m["t"] == "1" else 0}
    return _static(group(m["subj"]), {"modify_pt": pt})


@_t(_COND + r"(?P<subj>.+?) (?:gets|get) (?P<pt>[+-]\d+/[+-]\d+)(?: and (?:has|have) (?P<kw>.+?))?" + _COND_END)
def anthem(m: re.Match[str], ctx: Ctx) -> Data:
    """+N/+N for the objects a static ability affects, layer 7c (CR 613.4c), with abilities granted in layer 6."""
    ops: Data = {"modify_pt": words.pt_change(m["pt"])}
    if m["kw"]:
        kws = words.keyword_list(m["kw"])
        if kws is None:
            raise Unsupported("abilities this template does not read")
        ops["add_keywords"] = kws
    return _static(group(m["subj"]), ops, _conds(m))


@_t(r"you have hexproof")
def player_hexproof(m: re.Match[str], ctx: Ctx) -> Data:
    """Hexproof on the ability's controller: CR 702.11c."""
    return _static({"player": True, "controller": "you"}, {"player_hexproof": True})


@_t(r"(?P<subj>.+?) (?:has|have) \"(?P<ability>.+)\"")
def grants_ability(m: re.Match[str], ctx: Ctx) -> Data:
    """An ability in quotation marks granted to other objects, layer 6: CR 613.1f."""
    from judgekit.oracle.quoted import ability_of_text

    inner = ability_of_text(m["ability"], ctx.card)
    return _static(group(m["subj"]), {"add_abilities": [inner]})


@_t(_COND + r"(?P<subj>.+?) (?:has|have) (?P<kw>(?!base power).+?)" + _COND_END)
def grants_keywords(m: re.Match[str], ctx: Ctx) -> Data:
    """Keyword abilities granted by a static ability, layer 6: CR 613.1f."""
    kws = words.keyword_list(m["kw"])
    if kws is None:
        raise Unsupported("abilities this template does not read")
    return _static(group(m["subj"]), {"add_keywords": kws}, _conds(m))


@_t(r"(?P<subj>.+?) (?P<lose>loses? all abilities and )?(?:has|have) base power and toughness (?P<pt>\d+/\d+)")
def base_pt(m: re.Match[str], ctx: Ctx) -> Data:
    """Base power and toughness set by a static ability, layer 7b (CR 613.4b), after losing all abilities in
    layer 6."""
    ops: Data = {"remove_all_abilities": True} if m["lose"] else {}
    ops["set_pt"] = words.pt_value(m["pt"])
    return _static(group(m["subj"]), ops)


@_t(r"(?P<subj>.+?) (?:is|are) (?:an? )?(?P<lt>[A-Z][\w']*)(?P<add> in addition to (?:its|their) other land types)?")
def land_types(m: re.Match[str], ctx: Ctx) -> Data:
    """Lands that are a basic land type: the new type replaces the old ones and their abilities, and gives its
    mana ability (CR 305.7); "in addition to its other land types" adds it instead (CR 205.1b)."""
    lt = words.subtype(m["lt"])
    if lt is None or lt not in words.vocab.LAND_TYPES:
        raise Unsupported("not a land type")
    if m["add"]:
        return _static(group(m["subj"]), {"add_subtypes": [lt]})
    return _static(group(m["subj"]), {"set_land_types": [lt]})


@_t(r"(?P<subj>.+?) (?:is|are) (?:an? )?(?P<types>[a-z]+?)s? in addition to (?:its|their) other types")
def adds_type(m: re.Match[str], ctx: Ctx) -> Data:
    """A card type added to the others, layer 4: CR 205.1b, 613.1d."""
    typ = words.card_type(m["types"])
    if typ is None:
        raise Unsupported("not a card type")
    return _static(group(m["subj"]), {"add_types": [typ]})


@_t(r"(?P<subj>.+?) (?:is|are) (?P<what>white|blue|black|red|green|colorless|the chosen color)"
    r"(?P<add> in addition to (?:its|their) other colors)?")
def colors(m: re.Match[str], ctx: Ctx) -> Data:
    """A colour set, or added "in addition to its other colors", layer 5: CR 105.3, 613.1e."""
    what = m["what"].lower()
    value = [] if what == "colorless" else ["chosen"] if what == "the chosen color" else [what]
    if m["add"] and value:
        return _static(group(m["subj"]), {"add_colors": value})
    if m["add"]:
        raise Unsupported("colorless in addition")
    return _static(group(m["subj"]), {"set_colors": value})


@_t(r"(?P<subj>.+?) (?:is|are) (?:an? )?(?P<desc>(?:\d+/\d+ )?[\w ]*?creatures?(?: with (?!power)[\w ,]+?)?)"
    r"(?P<add> in addition to (?:its|their) other types)?"
    r"(?P<mv>,? (?:with power and toughness|and (?:has|have) base power and base toughness) each equal to "
    r"(?:its|their) mana value)?")
def animates(m: re.Match[str], ctx: Ctx) -> Data:
    """Objects that are creatures: types (layer 4), abilities (6), base P/T (7b), CR 613.1d, 613.4b. The new type
    replaces the old ones (CR 205.1a) unless "in addition to its other types" or a following "They're still
    lands" keeps them (CR 205.1b)."""
    ops = animation(m["desc"])
    if m["mv"]:
        if "set_pt" in ops:
            raise Unsupported("two base P/T")
        ops["set_pt"] = {"power": "mana_value", "toughness": "mana_value"}
    out = _static(group(m["subj"]), ops)
    if not m["add"]:
        out["_types_replaced"] = True
    ctx.becomes = True
    return out


@_t(r"(?:they're|they are|it's|it is) still (?:lands?|artifacts?|enchantments?)")
def still(m: re.Match[str], ctx: Ctx) -> Data:
    """"They're still lands": the objects keep their prior types, CR 205.1b."""
    if not ctx.becomes:
        raise Unsupported("nothing became a creature")
    return {"_types_kept": True}


@_t(r"you control (?P<obj>enchanted (?:creature|permanent|land|artifact))")
def control_enchanted(m: re.Match[str], ctx: Ctx) -> Data:
    """Control of the enchanted permanent, layer 2: CR 613.1b."""
    return _static("enchanted", {"control": "you"})


@_t(r"players can't gain life")
def no_life_gain(m: re.Match[str], ctx: Ctx) -> Data:
    """Players can't gain life: CR 119.7."""
    return _static({"player": True}, {"cant_gain_life": True})


@_t(r"(?P<who>your opponents|each opponent) can't gain life")
def opponents_no_life_gain(m: re.Match[str], ctx: Ctx) -> Data:
    """Opponents can't gain life: CR 119.7."""
    return _static({"player": True, "controller": "opponent"}, {"cant_gain_life": True})


@_t(r"your life total can't change")
def life_cant_change(m: re.Match[str], ctx: Ctx) -> Data:
    """A life total that can't change: its player can't gain or lose life, CR 119.7, 119.8."""
    return _static({"player": True, "controller": "you"}, {"cant_gain_life": True, "cant_lose_life": True})


@_t(r"damage can't be prevented")
def no_prevention(m: re.Match[str], ctx: Ctx) -> Data:
    """Damage can't be prevented, whatever its source: CR 615.12."""
    return _static({"zone": "all"}, {"damage_cannot_be_prevented": True})


@_t(r"(?P<subj>.+?) (?P<what>attacks|blocks|attack|block) each combat if able")
def must_attack(m: re.Match[str], ctx: Ctx) -> Data:
    """A creature that attacks or blocks each combat if able: a requirement, CR 508.1d, 509.1c."""
    return _static(group(m["subj"]), {"must_attack" if "attack" in m["what"] else "must_block": True})


@_t(r"all creatures able to block (?P<subj>.+?) do so")
def lure(m: re.Match[str], ctx: Ctx) -> Data:
    """Every creature able to block it must do so (Lure): a requirement, CR 509.1c."""
    return _static(group(m["subj"]), {"must_be_blocked_by_all": True})


@_t(r"(?P<subj>.+?) can't be blocked except by creatures with (?P<k1>[a-z ]+?) or (?P<k2>[a-z ]+?)")
def blocked_only_by(m: re.Match[str], ctx: Ctx) -> Data:
    """Only creatures with one of two keywords can block it: a restriction, CR 509.1b."""
    kws = [words.SIMPLE_KEYWORDS.get(m[k].strip().lower()) for k in ("k1", "k2")]
    if not all(kws):
        raise Unsupported("a keyword this template does not read")
    return _static(group(m["subj"]), {"cant_be_blocked_except_by": {"any": [{"keywords": [k]} for k in kws]}})


@_t(r"(?P<subj>.+?) can't (?P<what>block|attack|attack or block)")
def cant_block(m: re.Match[str], ctx: Ctx) -> Data:
    """A creature that can't block or attack: restrictions checked as blockers or attackers are declared,
    CR 508.1c, 509.1b."""
    ops: Data = {}
    if "attack" in m["what"].lower():
        ops["cant_attack"] = True
    if "block" in m["what"].lower():
        ops["cant_block"] = True
    return _static(group(m["subj"]), ops)


@_t(r"~ can block an additional creature each combat")
def block_additional(m: re.Match[str], ctx: Ctx) -> Data:
    """A creature that can block an additional creature: CR 509.1a (the format's ``can_block_additional_1``)."""
    return {"keywords": ["can_block_additional_1"]}


def _value(text: str) -> Data:
    t = text.strip().lower()
    if t == "the number of card types among cards in all graveyards":
        return {"card_types_in_graveyards": True}
    m = re.fullmatch(r"the number of (.+?) you control", t)
    if m:
        return {"count": {**selector(m.group(1)), "controller": "you"}}
    raise Unsupported("a value this template does not read")


@_t(r"~'s power is equal to (?P<p>.+?) and its toughness is equal to (?P<t>.+)")
def cda_pt(m: re.Match[str], ctx: Ctx) -> Data:
    """A characteristic-defining ability for power and toughness, layer 7a: CR 604.3, 613.4a."""
    power = _value(m["p"])
    tough = m["t"].strip().lower()
    plus = re.fullmatch(r"that number plus (\w+)", tough)
    if plus:
        n = words.number(plus.group(1))
        if not isinstance(n, int):
            raise Unsupported("not a number")
        toughness = {**power, "plus": n}
    elif tough == "that number":
        toughness = dict(power)
    else:
        toughness = _value(tough)
    return _static("self", {"cda": {"power": power, "toughness": toughness}})


@_t(r"~'s power and toughness are each equal to (?P<v>.+)")
def cda_both(m: re.Match[str], ctx: Ctx) -> Data:
    """A characteristic-defining ability for power and toughness, layer 7a: CR 604.3, 613.4a."""
    value = _value(m["v"])
    return _static("self", {"cda": {"power": value, "toughness": dict(value)}})


def compile_line(line: OracleLine, card: Card) -> tuple[list[Template], Data]:
    """A line of static abilities: the templates used and ``{"abilities": [...], "keywords": [...]}``."""
    ctx = Ctx(card=card)
    out: Data = {}
    pending: Data | None = None
    for sentence in sentences(line.text):
        if re.match(r"the same is true for", sentence, re.IGNORECASE):
            raise Unsupported("cards outside the battlefield")
        _tpl, data = first_match(TABLE, sentence, ctx)
        if data.pop("_types_kept", False):
            pending = None
        replaced = data.pop("_types_replaced", False)
        for key, value in data.items():
            if key == "static":
                out.setdefault("abilities", []).append({"static": value})
                if replaced:
                    pending = value
            else:
                out.setdefault(key, []).extend(value)
    if pending is not None:
        # CR 205.1a: "is a creature" without "still" or "in addition" sets the card types.
        pending["set_types"] = pending.pop("add_types")
    if not ctx.used:
        raise Unsupported("empty line")
    return list(ctx.used), out
