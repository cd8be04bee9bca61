"""One-shot effects: what a spell, a triggered or an activated ability does as it resolves (SCENARIO-FORMAT.md
"One-shot effects").

:func:`effects` reads the sentences of an ability's effect and returns the ``effect`` entries, registering the
ability's target in the context. A sentence is read whole by one template, or split at ``", then"``, ``"and"``
or ``";"`` into clauses that each template reads whole ("target player loses 1 life and you gain 1 life").
"""

from __future__ import annotations

import re
from typing import Any

import judgekit.oracle.words as words
from judgekit.oracle.context import Ctx, Data, Template, Unsupported, first_match, template
from judgekit.oracle.objects import ANY_TARGET, amount, reference, selector
from judgekit.oracle.text import sentences

TABLE: list[Template] = []


def _t(pattern: str) -> Any:
    return template(TABLE, "effect", pattern)


def references(phrase: str, ctx: Ctx) -> list[Any]:
    """``"each creature with flying and each player"`` -> one reference per object phrase."""
    parts = re.split(r",? and (?=(?:each|all|target|you)\b)", phrase.strip(), flags=re.IGNORECASE)
    return [reference(p, ctx) for p in parts]


def _source_subject(subject: str, ctx: Ctx) -> None:
    """"~ deals" and "it deals" name the ability's source (CR 120.3): anything else is beyond the format."""
    if subject == "~" or (subject.lower() == "it" and ctx.it == "self" and ctx.last in (None, "self")):
        return
    raise Unsupported("damage dealt by another object")


# -- damage --------------------------------------------------------------------------------------------------


@_t(r"(?P<s>~|it) deals (?P<n>\w+) damage divided as you choose among "
    r"(?:one, two, or three|one or two|two or three|any number of) targets")
def damage_divided(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Damage divided as its controller chooses among any number of targets, announced as the spell is cast or
    the ability put on the stack: CR 601.2d."""
    _source_subject(m["s"], ctx)
    ctx.add_target(ANY_TARGET)
    ctx.divided = True
    return [{"damage": amount(m["n"]), "divided": True, "to": "targets"}]


@_t(r"(?P<s>~|it) deals damage equal to (?:its|~'s) power to (?P<obj>.+)")
def damage_equal_to_power(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Damage equal to the source's power, read as the ability resolves (last known information): CR 608.2h."""
    _source_subject(m["s"], ctx)
    return [{"damage": {"power_of": "self"}, "to": r} for r in references(m["obj"], ctx)]


@_t(r"(?P<s>~|it) deals that much damage to (?P<obj>.+)")
def damage_that_much(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"That much damage": the amount of the trigger event, CR 120.3, 603.2 (SCENARIO-FORMAT.md 2.7,
    ``event_amount``)."""
    _source_subject(m["s"], ctx)
    return [{"damage": "event_amount", "to": r} for r in references(m["obj"], ctx)]


@_t(r"(?:~|this spell) deals damage equal to the sacrificed creature's power to (?P<obj>.+)")
def damage_equal_to_paid_power(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Damage equal to the power of the creature sacrificed to pay the spell's cost, as it last existed: CR 608.2h
    (SCENARIO-FORMAT.md 2.7, ``paid``)."""
    return [{"damage": {"power_of": "paid"}, "to": r} for r in references(m["obj"], ctx)]


@_t(r"(?P<s>~|it) deals (?P<n>\w+) damage to (?P<obj>.+)")
def damage(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """A source deals damage to creatures, planeswalkers, battles or players: CR 120.3."""
    _source_subject(m["s"], ctx)
    n = amount(m["n"])
    return [{"damage": n, "to": r} for r in references(m["obj"], ctx)]


# -- moving objects ------------------------------------------------------------------------------------------


@_t(r"exile (?P<obj>.+?),? then return (?:that card|it|them|those cards) to the battlefield under "
    r"(?:your|its owner's|their owners?'?) control")
def exile_and_return(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """An exiled permanent that returns is a new object (CR 400.7, 610.3): ``exile_and_return`` brings it back under
    its owner's control, which is "your control" for a permanent you own."""
    return [{"exile_and_return": True, "to": reference(m["obj"], ctx)}]


@_t(r"exile all graveyards")
def exile_graveyards(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Exile every card in every graveyard: CR 701.13a."""
    return [{"exile": True, "to": {"zone": "graveyard"}}]


@_t(r"(?P<verb>destroy|exile) (?P<obj>.+)")
def destroy_or_exile(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Destroy (to its owner's graveyard, CR 701.8a) or exile (CR 701.13a) permanents."""
    verb = m["verb"].lower()
    return [{verb: True, "to": r} for r in references(m["obj"], ctx)]


@_t(r"return (?P<obj>.+?) to (?:its|their) owner'?s'? hands?")
def return_to_hand(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Return a permanent to its owner's hand: a zone change, CR 400.7."""
    return [{"return_to_hand": True, "to": reference(m["obj"], ctx)}]


@_t(r"return (?P<obj>.+?) from your graveyard to your hand")
def return_from_graveyard(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Return a card from your graveyard to your hand: a zone change, CR 400.7."""
    return [{"return_to_hand": True, "to": reference(m["obj"] + " from your graveyard", ctx)}]


@_t(r"counter (?P<obj>target .*spell)")
def counter(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Counter a spell: it leaves the stack without resolving, CR 701.6a."""
    return [{"counter": True, "to": reference(m["obj"], ctx)}]


# -- players -------------------------------------------------------------------------------------------------

_PLAYER = r"(?P<who>you|target player|target opponent|each player|each opponent|that player|its controller)"


def _player(who: str, ctx: Ctx) -> Any:
    if who.lower() in ("that player", "its controller"):
        raise Unsupported("a player named through another object")
    return reference(who, ctx)


@_t(r"(?:" + _PLAYER + r" )?draws? (?P<n>\w+) cards?")
def draw(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Draw cards, one at a time: CR 121.1, 121.2."""
    who = _player(m["who"], ctx) if m["who"] else "you"
    return [{"draw": amount(m["n"]), "to": who}]


_SEARCH_FOR = {"card": {}, "basic land card": {"types": ["Land"], "supertypes": ["Basic"]}}


@_t(r"search your library for an? (?P<what>card|basic land card|(?P<sub>[A-Z][a-z]+) card), put (?:that card|it) "
    r"(?P<dest>onto the battlefield(?P<tapped> tapped)?|into your hand), then shuffle")
def search_library(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Search your library for a card and put it somewhere, then shuffle: CR 701.23a, 701.24a."""
    if m["sub"]:
        from judgekit.engine.vocab import subtype_kind

        if subtype_kind(m["sub"]) is None:
            raise Unsupported("an unknown subtype")
        wanted: dict[str, Any] = {"subtypes": [m["sub"]]}
    else:
        wanted = dict(_SEARCH_FOR[m["what"].lower()])
    search: dict[str, Any] = {"for": wanted, "to": "hand" if "hand" in m["dest"] else "battlefield"}
    if m["tapped"]:
        search["tapped"] = True
    return [{"search_library": search, "to": "you"}]


@_t(r"(?:" + _PLAYER + r" )?mills? (?P<n>\w+) cards?")
def mill(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Mill cards: the top N cards of the library go to the graveyard, CR 701.17a."""
    who = _player(m["who"], ctx) if m["who"] else "you"
    return [{"mill": amount(m["n"]), "to": who}]


@_t(_PLAYER + r" (?P<verb>gains?|loses?) (?P<n>\w+) life")
def life(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Gain or lose life: CR 119.3."""
    verb = "gain_life" if m["verb"].lower().startswith("gain") else "lose_life"
    return [{verb: amount(m["n"]), "to": _player(m["who"], ctx)}]


@_t(r"(?:" + _PLAYER + r" )?discards? (?P<n>\w+) cards?")
def discard(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """A player discards cards of their choice: CR 701.9a."""
    who = _player(m["who"], ctx) if m["who"] else "you"
    return [{"discard": amount(m["n"]), "to": who}]


@_t(_PLAYER + r" sacrifices? (?P<n>a|an|one|two|three) (?P<what>.+?)(?: of their choice)?")
def sacrifice_chosen(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Each player named sacrifices permanents they control that they choose: CR 701.21a."""
    entry: Data = {"sacrifice": selector(m["what"]), "to": _player(m["who"], ctx)}
    n = amount(m["n"])
    if n != 1:
        entry["count"] = n
    return [entry]


@_t(r"sacrifice (?P<obj>~|it)")
def sacrifice_self(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Sacrifice a named permanent: CR 701.21a."""
    return [{"sacrifice": True, "to": reference(m["obj"], ctx)}]


# -- counters and tokens -------------------------------------------------------------------------------------

_KIND = r"(?P<kind>[+-]\d+/[+-]\d+|[a-z]+)"


def _counter_kind(kind: str) -> str:
    return kind if "/" in kind else kind.lower()


@_t(r"put (?P<n>\w+) " + _KIND + r" counters? on (?P<obj>.+)")
def put_counters(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Put counters on an object: CR 122.1, 122.6."""
    return [{"add_counters": {_counter_kind(m["kind"]): amount(m["n"])}, "to": reference(m["obj"], ctx)}]


@_t(r"remove (?P<n>\w+) " + _KIND + r" counters? from (?P<obj>.+)")
def remove_counters(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Remove counters from an object: CR 122.1."""
    return [{"remove_counters": {_counter_kind(m["kind"]): amount(m["n"])}, "to": reference(m["obj"], ctx)}]


def token(phrase: str) -> Data:
    """``"two 1/1 white Soldier creature tokens"``, ``"a 2/2 blue Shapeshifter creature token with changeling"`` ->
    the ``create_token`` mapping: name, types, subtypes, colours, power, toughness, keywords, count (CR 111.4)."""
    m = re.fullmatch(r"(?P<n>\w+) (?P<pt>\d+/\d+) (?P<desc>.+?) (?P<art>artifact )?creature tokens?"
                     r"(?: with (?P<kw>.+))?", phrase.strip(), re.IGNORECASE)
    if not m:
        raise Unsupported("a token this template does not read")
    pt = words.pt_value(m["pt"])
    assert pt is not None
    colors: list[str] = []
    subtypes: list[str] = []
    for word in re.split(r",? and |\s+", m["desc"]):
        if not word:
            continue
        if word.lower() in words.COLORS:
            colors.append(word.lower())
        elif word.lower() == "colorless":
            continue
        elif words.subtype(word):
            subtypes.append(words.subtype(word) or word)
        else:
            raise Unsupported(f"unknown token word {word!r}")
    if not subtypes:
        raise Unsupported("a token without a creature type")
    out: Data = {"name": " ".join(subtypes), "types": (["Artifact"] if m["art"] else []) + ["Creature"],
                 "subtypes": subtypes}
    if colors:
        out["colors"] = colors
    out["power"], out["toughness"] = pt
    if m["kw"]:
        kws = words.keyword_list(m["kw"])
        if kws is None:
            raise Unsupported("a token ability this template does not read")
        out["keywords"] = kws
    n = amount(m["n"])
    if n != 1:
        out["count"] = n
    return out


@_t(r"create (?P<tok>.+ tokens?(?: with .+)?)")
def create_token(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Create creature tokens under your control: CR 111.2, 111.4."""
    return [{"create_token": token(m["tok"]), "to": "you"}]


# -- tapping, regenerating, fighting, controlling ------------------------------------------------------------


@_t(r"(?P<verb>tap|untap) (?P<obj>.+)")
def tap_untap(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Tap or untap permanents: CR 701.26a."""
    return [{m["verb"].lower(): True, "to": r} for r in references(m["obj"], ctx)]


@_t(r"regenerate (?P<obj>.+)")
def regenerate(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """A regeneration shield: the next time the permanent would be destroyed this turn, it is tapped, its damage
    removed and it is removed from combat instead: CR 701.19a."""
    return [{"regenerate": True, "to": reference(m["obj"], ctx)}]


@_t(r"gain control of (?P<obj>.+?)(?P<eot> until end of turn)?")
def gain_control(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """A control-changing effect, layer 2: CR 613.1b."""
    return [{"control": "you", "to": reference(m["obj"], ctx),
             "duration": "end_of_turn" if m["eot"] else "permanent"}]


# -- characteristics until end of turn -----------------------------------------------------------------------


@_t(r"(?P<obj>.+?) gets? (?P<pt>[+-]\w+/[+-]\w+)(?: and gains? (?P<kw>.+?))? until end of turn")
def pump(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """+N/+N until end of turn, layer 7c (CR 613.4c), and abilities gained with it, layer 6."""
    pt = words.pt_change(m["pt"])
    if pt is None:
        raise Unsupported("a P/T change this template does not read")
    entry: Data = {"modify_pt": pt}
    if m["kw"]:
        kws = words.keyword_list(m["kw"])
        if kws is None:
            raise Unsupported("abilities this template does not read")
        entry["add_keywords"] = kws
    return [{**entry, "to": reference(m["obj"], ctx), "duration": "end_of_turn"}]


@_t(r"(?P<obj>.+?) gains? (?P<kw>.+?) until end of turn")
def gains_keywords(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Keyword abilities gained until end of turn, layer 6: CR 613.1f."""
    kws = words.keyword_list(m["kw"])
    if kws is None:
        raise Unsupported("abilities this template does not read")
    return [{"add_keywords": kws, "to": reference(m["obj"], ctx), "duration": "end_of_turn"}]


@_t(r"switch (?P<obj>.+?)'s? power and toughness until end of turn")
def switch(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Power and toughness switched, layer 7d: CR 613.4d."""
    obj = m["obj"]
    return [{"switch_pt": True, "to": reference(obj, ctx), "duration": "end_of_turn"}]


@_t(r"(?P<obj>.+?) (?P<lose>loses? all abilities and )?(?:has|have) base power and toughness (?P<pt>\d+/\d+) "
    r"until end of turn")
def base_pt(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Base power and toughness set, layer 7b (CR 613.4b), after losing all abilities, layer 6."""
    entry: Data = {"remove_all_abilities": True} if m["lose"] else {}
    entry["set_pt"] = words.pt_value(m["pt"])
    return [{**entry, "to": reference(m["obj"], ctx), "duration": "end_of_turn"}]


def animation(desc: str) -> Data:
    """``"3/3 green Ape creature with trample"``, ``"5/5 Human Soldier Ally creature with indestructible"`` -> the
    operations that make an object that creature: types (layer 4), colour (5), abilities (6), base P/T (7b),
    CR 613.1d-f, 613.4b. The creature type is added; the caller decides whether other types stay (CR 205.1b)."""
    m = re.fullmatch(r"(?:(?P<pt>\d+/\d+) )?(?P<desc>.*?)(?P<art>artifact )?creatures?"
                     r"(?: with (?P<kw>(?!all creature types).+?))?(?P<all> with all creature types)?"
                     r"(?: (?:with|and has|and have) base power and (?:base )?toughness (?P<bpt>\d+/\d+))?",
                     desc.strip(), re.IGNORECASE)
    if not m:
        raise Unsupported("a type change this template does not read")
    ops: Data = {"add_types": (["Artifact"] if m["art"] else []) + ["Creature"]}
    subtypes: list[str] = []
    colors: list[str] = []
    supertypes: list[str] = []
    for word in m["desc"].split():
        low = word.lower()
        if low in words.COLORS:
            colors.append(low)
        elif low in words.SUPERTYPES:
            supertypes.append(words.SUPERTYPES[low])
        elif words.subtype(word):
            subtypes.append(words.subtype(word) or word)
        else:
            raise Unsupported(f"unknown word {word!r}")
    if supertypes:
        ops["add_supertypes"] = supertypes
    if subtypes:
        ops["add_subtypes"] = subtypes
    if m["all"]:
        ops["all_creature_types"] = True
    if colors:
        ops["set_colors"] = colors
    if m["kw"]:
        kws = words.keyword_list(m["kw"])
        if kws is None:
            raise Unsupported("abilities this template does not read")
        ops["add_keywords"] = kws
    pt = m["pt"] or m["bpt"]
    if pt:
        ops["set_pt"] = words.pt_value(pt)
    return ops


@_t(r"(?P<obj>.+?) (?:becomes|become) an? (?P<desc>.+? creatures?(?: with .+?)?)"
    r"(?P<still> that's still an? (?P<kept>land|planeswalker|artifact|enchantment))?(?P<eot> until end of turn)?")
def becomes_creature(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """An object that becomes a creature: new types, colour, abilities and base P/T in layers 4-7b (CR 613.1d-f,
    613.4b); "that's still a land" or a following "It's still a land" keeps its other types (CR 205.1b)."""
    ops = animation(m["desc"])
    ctx.becomes = True
    ctx.extras["kept_types"] = bool(m["still"])
    return [{**ops, "to": reference(m["obj"], ctx), "duration": "end_of_turn" if m["eot"] else "permanent"}]


@_t(r"(?P<obj>.+?) (?:becomes|become) an? (?P<sub>[A-Z][\w'-]*) in addition to (?:its|their) other types")
def becomes_subtype(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """A creature type added to the others, layer 4: CR 205.1b, 613.1d."""
    sub = words.subtype(m["sub"])
    if sub is None:
        raise Unsupported("not a subtype")
    return [{"add_subtypes": [sub], "to": reference(m["obj"], ctx), "duration": "permanent"}]


@_t(r"(?P<obj>.+?) (?P<lose>loses? all abilities and )?(?:becomes|become) an? (?P<color>white|blue|black|red|green) "
    r"(?P<sub>[A-Z]\w*) with base power and toughness (?P<pt>\d+/\d+) until end of turn")
def becomes_small(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """A creature that becomes a creature of a new colour and creature type with new base P/T: the type and colour
    replace the old ones (CR 205.1a, 105.3), layers 4, 5, 6 and 7b (CR 613.1d)."""
    sub = words.subtype(m["sub"])
    if sub is None:
        raise Unsupported("not a subtype")
    entry: Data = {"remove_all_abilities": True} if m["lose"] else {}
    entry.update({"set_subtypes": [sub], "set_colors": [m["color"].lower()], "set_pt": words.pt_value(m["pt"])})
    return [{**entry, "to": reference(m["obj"], ctx), "duration": "end_of_turn"}]


@_t(r"(?:it's|it is|they're|they are) still (?:an? )?(?:land|lands|planeswalker|planeswalkers)")
def still_a_land(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """"It's still a land": the object keeps its prior types, CR 205.1b (read with the "becomes" before it)."""
    if not ctx.becomes:
        raise Unsupported("nothing became a creature")
    ctx.extras["kept_types"] = True
    return []


# -- prevention and rules changed ----------------------------------------------------------------------------


@_t(r"prevent all combat damage that would be dealt this turn")
def fog(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Prevent all combat damage this turn: a prevention effect, CR 615.1a."""
    return [{"replacement": {"event": "would_deal_damage", "of": {}, "combat": True, "then": {"prevent": "all"}}}]


@_t(r"prevent all damage that would be dealt to (?P<obj>.+?) this turn")
def prevent_all(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Prevent all damage to one object or player this turn: a prevention effect, CR 615.1a."""
    return [{"prevent_damage": "all", "to": reference(m["obj"], ctx)}]


@_t(r"prevent the next (?P<n>\w+) damage that would be dealt to (?P<obj>.+?) this turn")
def prevent_next(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """A prevention shield for the next N damage this turn: CR 615.7."""
    return [{"prevent_damage": amount(m["n"]), "to": reference(m["obj"], ctx)}]


@_t(r"players can't gain life this turn")
def no_life_gain(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Players can't gain life: CR 119.7."""
    return [{"cant_gain_life": True, "duration": "end_of_turn"}]


@_t(r"damage can't be prevented this turn")
def no_prevention(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Damage can't be prevented: CR 615.12."""
    return [{"damage_cannot_be_prevented": True, "duration": "end_of_turn"}]


# -- verbs of SCENARIO-FORMAT.md 2.7 -------------------------------------------------------------------------


@_t(r"excess damage is dealt to that creature's controller instead")
def excess_to_controller(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Excess damage dealt elsewhere instead (CR 120.4a): joins the damage entry before it (:func:`_excess`)."""
    return [{"_excess_to": {"controller_of": "target"}}]


@_t(r"copy target (?P<what>instant or sorcery|instant|sorcery) spell")
def copy_target_spell(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """A copy of a spell on the stack, not cast: CR 707.10."""
    kinds = ["Instant", "Sorcery"] if " or " in m["what"] else [m["what"].capitalize()]
    spec: Data = {"zone": "stack", "any": [{"types": [k]} for k in kinds]} if len(kinds) > 1 else \
        {"zone": "stack", "types": kinds}
    return [{"copy_spell": True, "to": ctx.add_target(spec)}]


@_t(r"you may choose new targets for the copy")
def new_targets_for_copy(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """The copy's controller may choose new targets (CR 707.10c): the default of ``copy_spell``."""
    return []


@_t(r"proliferate")
def proliferate(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Proliferate: CR 701.34a."""
    return [{"proliferate": True}]


@_t(r"return (?P<obj>.+?) from your graveyard to the battlefield")
def return_from_graveyard_to_battlefield(m: re.Match[str], ctx: Ctx) -> list[Data]:
    """Return a card from your graveyard to the battlefield, as a new object: CR 400.7."""
    return [{"return_to_battlefield": True, "to": reference(m["obj"] + " from your graveyard", ctx)}]


def _excess(entries: list[Data]) -> list[Data]:
    """"Excess damage is dealt to ... instead" makes the damage entry before it an ``excess_to`` one (CR 120.4a)."""
    out: list[Data] = []
    for entry in entries:
        if "_excess_to" in entry:
            if not out or "damage" not in out[-1]:
                raise Unsupported("excess damage without damage before it")
            out[-1] = {**out[-1], "excess_to": entry["_excess_to"]}
            continue
        out.append(entry)
    return out


# -- reading sentences ---------------------------------------------------------------------------------------

_CONNECTORS = re.compile(r",? then |, and |,? and |; ", re.IGNORECASE)
_VERB_KEYS = ("damage", "destroy", "exile", "exile_and_return", "sacrifice", "return_to_hand", "counter",
              "gain_life", "lose_life", "draw", "discard", "add_counters", "remove_counters", "tap", "untap",
              "create_token", "prevent_damage", "regenerate", "fight", "replacement", "copy_spell", "proliferate",
              "return_to_battlefield",
              "mill", "search_library")


def _clauses(text: str, ctx: Ctx) -> list[Data]:
    """A sentence read whole by one template, or split at its first usable connector and read in parts."""
    saved = ctx.snapshot()
    try:
        return first_match(TABLE, text, ctx)[1]
    except Unsupported as exc:
        whole = exc
        ctx.restore(saved)
    for m in _CONNECTORS.finditer(text):
        left, right = text[: m.start()], text[m.end():]
        try:
            head = first_match(TABLE, left, ctx)[1]
            return [*head, *_clauses(right, ctx)]
        except Unsupported:
            ctx.restore(saved)
    raise whole


def _until_end_of_turn_first(sentence: str) -> str:
    """"Until end of turn, X does Y" reads as "X does Y until end of turn"; a sentence that begins with "Then"
    reads without it (the effects of a spell or ability happen in the order written, CR 608.2c)."""
    sentence = re.sub(r"^then,? ", "", sentence, flags=re.IGNORECASE)
    m = re.match(r"until end of turn, (.+)$", sentence, re.IGNORECASE)
    return f"{m.group(1)} until end of turn" if m else sentence


def _merge(entries: list[Data]) -> list[Data]:
    """Consecutive operation entries with the same ``to`` and duration and different operations are one continuous
    effect ("gain control of them until end of turn. They gain haste until end of turn")."""
    out: list[Data] = []
    for entry in entries:
        prev = out[-1] if out else None
        ops = set(entry) - {"to", "duration"}
        if prev is not None and not any(k in prev for k in _VERB_KEYS) and not any(k in entry for k in _VERB_KEYS) \
                and prev.get("to") == entry.get("to") and prev.get("duration") == entry.get("duration") \
                and not ops & set(prev):
            prev.update({k: entry[k] for k in ops})
            continue
        out.append(dict(entry))
    return out


def effects(text: str, ctx: Ctx) -> list[Data]:
    """The ``effect`` entries of an ability's text (all of it, or :class:`Unsupported`)."""
    out: list[Data] = []
    for sentence in sentences(text):
        out += _clauses(_until_end_of_turn_first(sentence), ctx)
    if ctx.becomes and not ctx.extras.get("kept_types"):
        raise Unsupported("an object that becomes a creature without keeping its types")
    out = _excess(out)
    if not out:
        raise Unsupported("no effect")
    return _merge(out)
