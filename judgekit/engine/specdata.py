"""Typed specs from format-shaped data and back (:mod:`judgekit.engine.specs`).

``selector``, ``value``, ``ops``, ``effect_entry``, ``cost``, ``ability`` and ``object_data`` turn validated,
normalised data (SCENARIO-FORMAT.md: Objects, Abilities, One-shot effects, Selectors, VALUE) into frozen specs;
each accepts a spec already built and returns it unchanged. The scenario layer uses them for a loaded
scenario, the game builder for what a test writes. Shapes are not checked again here.

``*_data`` functions go the other way, for what the ruling shows: records and layer traces stay plain data
(the shapes the format writes: ``{"power": .., "toughness": ..}``, lists, ``{"from": .., "to": ..}``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from judgekit.engine.operations import OP_KEYS
from judgekit.engine.restriction_ops import PLAYER_OPS, RESTRICTION_OPS, SELECTOR_OPS
from judgekit.engine.specs import (
    PT,
    AbilitySpec,
    ActivatedSpec,
    Condition,
    Cost,
    DelayedSpec,
    EffectEntry,
    Expr,
    Filter,
    Modal,
    ModeSpec,
    Ops,
    PlayerOf,
    ReplacementSpec,
    ReturnParam,
    SearchParam,
    Selector,
    StaticSpec,
    TextChange,
    Then,
    TokenSpec,
    TriggerSpec,
    Value,
)
from judgekit.engine.vocab import Zone

VALUE_BASES = ("count", "card_types_in_graveyards", "hand_size", "life", "power_of", "toughness_of", "x",
               "mana_value_of", "counters_on", "excess_damage")
# The player REFs in mapping form (SCENARIO-FORMAT.md 2.7 References).
PLAYER_OF = ("controller_of", "owner_of")
# The one-shot verbs (SCENARIO-FORMAT "One-shot effects"), in the order of the rules core's verb table.
VERB_NAMES = ("damage", "destroy", "exile", "exile_and_return", "sacrifice", "return_to_hand", "counter", "gain_life",
              "lose_life", "draw", "discard", "add_counters", "remove_counters", "tap", "untap", "create_token",
              "prevent_damage", "regenerate", "fight", "return_to_battlefield", "copy_spell", "gain_control",
              "proliferate", "double_counters", "move_counters",
              # SCENARIO-FORMAT.md 2.6 (engine/library.py)
              "mill", "put_on_top", "put_on_bottom", "shuffle", "search_library",
              # SCENARIO-FORMAT.md 2.5 (engine/turns.py)
              "delayed_trigger",
              # SCENARIO-FORMAT.md 2.7 (engine/attach.py)
              "attach")
# Options of one verb written beside it in the entry (SCENARIO-FORMAT.md 2.7), kept in ``EffectEntry.options``.
VERB_OPTIONS = ("excess_to", "under", "tapped", "counters", "new_targets")
_LIST_FIELDS = ("types", "not_types", "subtypes", "not_subtypes", "supertypes", "not_supertypes", "colors",
                "not_colors", "keywords")
_PT_OPS = ("cda", "set_pt", "modify_pt")
# Operations that change a rule of the game rather than a characteristic: in no layer (SCENARIO-FORMAT.md 2.3).
RULE_OPS = ("damage_cannot_be_prevented", "cant_gain_life", "cant_lose_life", *RESTRICTION_OPS, *PLAYER_OPS,
            "no_max_hand_size")
_OP_NAMES = frozenset(OP_KEYS) | frozenset(RULE_OPS)

# ------------------------------------------------------------------------------------------------------
# Data -> specs


def selector(raw: Any) -> Selector:
    """A word or id stays a string; a list of ids becomes a tuple; a filter mapping becomes a :class:`Filter`."""
    if isinstance(raw, str | Filter):
        return raw
    if isinstance(raw, list | tuple):
        return tuple(str(x) for x in raw)
    if isinstance(raw, PlayerOf):
        return raw
    data = dict(raw or {})
    for key in PLAYER_OF:
        if data.get(key) is not None:
            return PlayerOf(key.removesuffix("_of"), selector(data[key]))
    fields: dict[str, Any] = {k: tuple(data[k]) for k in _LIST_FIELDS if data.get(k) is not None}
    if data.get("any") is not None:
        fields["any"] = tuple(_filter(alt) for alt in data["any"])
    for key in ("controller", "token", "zone", "owner", "top"):
        # ``controller: any`` and ``owner: any`` mean the same as leaving the key out (SCENARIO-FORMAT.md 2.7).
        if data.get(key) is not None and not (key in ("controller", "owner") and data[key] == "any"):
            fields[key] = data[key]
    for key in ("other", "player"):
        if data.get(key):
            fields[key] = True
    return Filter(**fields)


def _filter(raw: Any) -> Filter:
    found = selector(raw)
    assert isinstance(found, Filter)
    return found


def value(raw: Any) -> Value:
    """A VALUE: an int, ``mana_value``, ``x``, or an :class:`Expr` (``{x: true, times: 2}`` included)."""
    if isinstance(raw, bool):
        return int(raw)
    if isinstance(raw, int | str | Expr):
        return raw
    data = dict(raw)
    base = next(k for k in VALUE_BASES if data.get(k) not in (None, False))
    arg = data[base]
    if base == "count" or isinstance(arg, Mapping | list):
        arg = selector(arg)
    return Expr(base, arg, data.get("times"), data.get("plus"), bool(data.get("negate")), data.get("kind"))


def condition(raw: Any) -> Condition | None:
    if raw is None or isinstance(raw, Condition):
        return raw
    data = dict(raw)
    expr = value({k: data[k] for k in VALUE_BASES if data.get(k) not in (None, False)})
    assert isinstance(expr, Expr)
    return Condition(expr, data.get("at_least"), data.get("at_most"), data.get("equals"))


def pt(raw: Any) -> PT:
    """A P/T pair: ``[P, T]`` or ``{"power": P, "toughness": T}``."""
    if isinstance(raw, PT):
        return raw
    if isinstance(raw, list | tuple):
        return PT(value(raw[0]), value(raw[1]))
    return PT(value(raw["power"]), value(raw["toughness"]))


def _op_param(name: str, raw: Any) -> Any:
    if name in _PT_OPS:
        return pt(raw)
    if name == "text_change":
        if isinstance(raw, TextChange):
            return raw
        return TextChange(str(raw.get("from", raw.get("from_"))), str(raw["to"]))
    if name == "add_abilities":
        return tuple(ability(a) for a in raw)
    if name == "except":
        return MappingProxyType(object_data(dict(raw)))
    if name in SELECTOR_OPS and raw is not True:
        return selector(raw)
    if isinstance(raw, list):
        return tuple(raw)
    return raw


def ops(raw: Mapping[str, Any]) -> Ops:
    """The operations written in a static ability, effect entry or ``effects:`` entry, in the order written:
    within one effect, the parts that apply in the same layer apply in the order its text gives them."""
    return MappingProxyType({name: _op_param(name, p) for name, p in raw.items()
                             if name in _OP_NAMES and p is not None and p is not False})


def effect_entry(raw: Any) -> EffectEntry:
    """One entry of an ``effect`` list (exactly one verb, or operations)."""
    if isinstance(raw, EffectEntry):
        return raw
    to = selector(raw["to"]) if raw.get("to") is not None else None
    if raw.get("replacement") is not None:
        return EffectEntry(replacement=replacement(raw["replacement"]), duration=raw.get("duration"))
    verb = next((v for v in VERB_NAMES if raw.get(v) not in (None, False)), None)
    if verb is None:
        return EffectEntry(to=to, ops=ops(raw), duration=raw.get("duration"))
    count = value(raw["count"]) if raw.get("count") is not None else None
    options = {k: raw[k] for k in VERB_OPTIONS if raw.get(k) is not None}
    if isinstance(options.get("counters"), Mapping):
        options["counters"] = MappingProxyType({k: value(v) for k, v in options["counters"].items()})
    return EffectEntry(verb=verb, param=_verb_param(verb, raw[verb]), to=to, count=count,
                       divided=bool(raw.get("divided")), duration=raw.get("duration"),
                       options=MappingProxyType(options) if options else None)


def _verb_param(verb: str, raw: Any) -> Any:
    if verb in ("damage", "gain_life", "lose_life", "draw", "discard", "mill"):
        return value(raw)
    if verb == "search_library":
        if isinstance(raw, SearchParam):
            return raw
        data = dict(raw)
        return SearchParam(_filter(data.get("for") or data.get("for_") or {}),
                           value(data["count"]) if data.get("count") is not None else 1,
                           str(data.get("to") or "hand"), bool(data.get("tapped")),
                           data.get("shuffle") is not False)
    if verb in ("add_counters", "remove_counters"):
        return MappingProxyType({k: value(n) for k, n in dict(raw).items()})
    if verb == "create_token":
        if isinstance(raw, TokenSpec):
            return raw
        data = dict(raw)
        count_data = data.pop("count", 1)
        count = value(count_data if count_data is not None else 1)
        if data.get("copy_of") is not None:
            exc = data.get("except")
            return TokenSpec(count, MappingProxyType({"id": data.get("id")}), copy_of=str(data["copy_of"]),
                             except_=MappingProxyType(_except(exc)) if exc else None)
        return TokenSpec(count, MappingProxyType(object_data(data)))
    if verb == "fight":
        return selector(raw)
    if verb == "move_counters":
        moved = dict(raw)
        how_many = moved.get("count")
        return MappingProxyType({"from": moved.get("from", moved.get("from_")), "kind": str(moved["kind"]),
                                 "count": how_many if how_many in (None, "all") else value(how_many)})
    if verb == "sacrifice" and raw is not True:
        return selector(raw)
    if verb == "delayed_trigger":
        return delayed(raw)
    if verb == "attach" and raw is not True:
        return selector(raw)
    if verb == "return_to_battlefield" and isinstance(raw, Mapping):
        return ReturnParam(MappingProxyType(dict(raw.get("counters") or {})), str(raw.get("rule") or "400.7"),
                           raw.get("keyword"))
    return raw


def delayed(raw: Any) -> DelayedSpec:
    """``delayed_trigger`` (SCENARIO-FORMAT.md 2.5): its keys as a :class:`DelayedSpec`."""
    if isinstance(raw, DelayedSpec):
        return raw
    data = dict(raw)

    def sel(key: str) -> Any:
        return selector(data[key]) if data.get(key) is not None else None

    duration = data.get("duration")
    return DelayedSpec(str(data["event"]), sel("of"), sel("from"), data.get("kind"), sel("by"), sel("targets"),
                       bool(data.get("optional")), sel("target"), effects(data.get("effect")),
                       duration is None and data.get("next", True) is not False, duration)


def delayed_data(d: DelayedSpec) -> dict[str, Any]:
    """A ``delayed_trigger`` as the format writes it."""
    out: dict[str, Any] = {"event": d.event}
    for key, v in (("of", d.of), ("from", d.from_), ("by", d.by), ("targets", d.targets), ("target", d.target)):
        if v is not None:
            out[key] = selector_data(v)
    if d.kind is not None:
        out["kind"] = d.kind
    if d.optional:
        out["optional"] = True
    out["effect"] = [entry_data(e) for e in d.effect]
    if d.duration is not None:
        out["duration"] = d.duration
    elif not d.next:
        out["next"] = False
    return out


def effects(raw: Any) -> tuple[EffectEntry, ...]:
    return tuple(effect_entry(e) for e in raw or ())


def modal(raw: Any, choose: Any = None) -> Modal | None:
    """``modes: [{target, effect}, ...]`` with ``choose: N`` (default 1) or ``choose: [MIN, MAX]`` (CR 700.2)."""
    if raw is None or isinstance(raw, Modal):
        return raw
    modes = tuple(ModeSpec(selector(m["target"]) if m.get("target") is not None else None, effects(m.get("effect")))
                  for m in raw)
    if isinstance(choose, list | tuple):
        return Modal(modes, int(choose[0]), int(choose[1]))
    n = 1 if choose is None else int(choose)
    return Modal(modes, n, n)


def cost(raw: Any) -> Cost:
    if isinstance(raw, Cost):
        return raw
    if isinstance(raw, str):
        return Cost(raw)
    data = dict(raw)
    if "pay_life" in data:
        return Cost("pay_life", int(data["pay_life"]))
    if "loyalty" in data:
        return Cost("loyalty", int(data["loyalty"]))
    if "remove_counters" in data:
        return Cost("remove_counters", counters=MappingProxyType(dict(data["remove_counters"])))
    if "sacrifice" in data:
        return Cost("sacrifice", selector=selector(data["sacrifice"]), count=int(data.get("count") or 1))
    if "discard" in data:
        return Cost("discard", count=int(data["discard"]))
    if "tap_untapped" in data:
        power = data.get("total_power")
        return Cost("tap_untapped", selector=selector(data["tap_untapped"]), count=int(data.get("count") or 0),
                    total_power=int(power) if power is not None else None)
    if "exile_from_graveyard" in data:
        sel = data["exile_from_graveyard"]
        found = selector(sel)
        if isinstance(found, Filter):
            found = dataclasses.replace(found, zone=str(Zone.GRAVEYARD))
        return Cost("exile_from_graveyard", selector=found, count=int(data.get("count") or 1),
                    owner_given=isinstance(sel, Mapping) and "owner" in sel)
    return Cost("mana", mana=str(data["mana"]))


def replacement(raw: Any) -> ReplacementSpec:
    """The ``replacement`` form (SCENARIO-FORMAT.md 2.3): event, of, from, combat, kind, then, optional, uses."""
    if isinstance(raw, ReplacementSpec):
        return raw
    data = dict(raw)
    t = dict(data.get("then") or {})
    exc = t.get("except")
    then = Then(
        to=t.get("to"), regenerate=bool(t.get("regenerate")), tapped=bool(t.get("tapped")),
        counters=MappingProxyType({k: value(v) for k, v in t["counters"].items()}) if t.get("counters") else None,
        control=t.get("control"), copy_of=selector(t["copy_of"]) if t.get("copy_of") is not None else None,
        except_=MappingProxyType(_except(exc)) if exc else None, prevent=t.get("prevent"),
        prevent_each=t.get("prevent_each"), times=t.get("times"), plus=t.get("plus"), minus=t.get("minus"),
        lose_instead=bool(t.get("lose_instead")),
        instead=effects(t["instead"]) if t.get("instead") is not None else None)
    of = data.get("of")
    frm = data.get("from", data.get("from_"))
    return ReplacementSpec(event=str(data["event"]), then=then, of=selector(of) if of is not None else None,
                           from_=selector(frm) if frm is not None else None, combat=data.get("combat"),
                           kind=data.get("kind"), optional=bool(data.get("optional")), uses=data.get("uses"))


def _except(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The exceptions of an entering copy: object fields and ``add_*`` lists (``add_abilities`` as specs)."""
    out = object_data({k: v for k, v in raw.items() if not k.startswith("add_")})
    for key, v in raw.items():
        if key.startswith("add_") and v is not None:
            out[key] = tuple(ability(a) for a in v) if key == "add_abilities" else tuple(v)
    return out


def ability(raw: Any) -> AbilitySpec:
    """One ability in any of its five forms (SCENARIO-FORMAT "Abilities", 2.3)."""
    if isinstance(raw, AbilitySpec):
        return raw
    if "replacement" in raw:
        return AbilitySpec("replacement", replacement=replacement(raw["replacement"]))
    if "mana" in raw:
        return AbilitySpec("mana", mana=tuple(raw["mana"]))
    if "static" in raw:
        written = raw["static"]
        return AbilitySpec("static", static=StaticSpec(ops(written), selector(written.get("affects", "self")),
                                                       condition(written.get("condition"))))
    if "trigger" in raw:
        trig = raw["trigger"]
        target = raw.get("target")
        return AbilitySpec("trigger", trigger=TriggerSpec(
            str(trig["event"]), selector(trig.get("of", "self")), bool(raw.get("optional")),
            selector(target) if target is not None else None, effects(raw.get("effect")), raw.get("keyword"),
            modal(raw.get("modes"), raw.get("choose")),
            from_=selector(trig["from"]) if trig.get("from") is not None else None, kind=trig.get("kind"),
            targets=selector(trig["targets"]) if trig.get("targets") is not None else None,
            by=selector(trig["by"]) if trig.get("by") is not None else None,
            once_each_turn=bool(raw.get("once_each_turn"))))
    written = raw["activated"]
    target = written.get("target")
    return AbilitySpec("activated", activated=ActivatedSpec(
        tuple(cost(c) for c in written.get("cost") or ()), selector(target) if target is not None else None,
        effects(written.get("effect")), modal(written.get("modes"), written.get("choose")), written.get("timing")))


def object_data(raw: Mapping[str, Any]) -> dict[str, Any]:
    """An object's fields with its ``abilities``, ``effect`` and ``target`` as specs (a new mapping)."""
    out = dict(raw)
    if out.get("abilities") is not None:
        out["abilities"] = tuple(ability(a) for a in out["abilities"])
    if out.get("effect") is not None:
        out["effect"] = effects(out["effect"])
    if out.get("target") is not None:
        out["target"] = selector(out["target"])
    if out.get("modes") is not None:
        out["modes"] = modal(out["modes"], out.pop("choose", None))
    if out.get("additional_cost") is not None:
        out["additional_cost"] = tuple(cost(c) for c in out["additional_cost"])
    as_enters = out.get("as_enters")
    if isinstance(as_enters, Mapping):
        out["as_enters"] = str(as_enters.get("choose"))
    return out


# ------------------------------------------------------------------------------------------------------
# Specs -> data (records, layer traces)


def selector_data(sel: Any) -> Any:
    """A selector as the format writes it: a word, a list of ids, or a filter mapping (given fields only)."""
    if isinstance(sel, tuple):
        return list(sel)
    if isinstance(sel, PlayerOf):
        return {f"{sel.which}_of": selector_data(sel.ref)}
    if not isinstance(sel, Filter):
        return sel
    out: dict[str, Any] = {}
    for key in _LIST_FIELDS:
        if getattr(sel, key):
            out[key] = list(getattr(sel, key))
    for key in ("controller", "token", "zone", "owner", "top"):
        if getattr(sel, key) is not None:
            out[key] = getattr(sel, key)
    for key in ("other", "player"):
        if getattr(sel, key):
            out[key] = True
    if sel.any:
        out["any"] = [selector_data(a) for a in sel.any]
    return out


def value_data(v: Any) -> Any:
    """A VALUE as the format writes it (an :class:`Expr` as its mapping)."""
    if not isinstance(v, Expr):
        return v
    out: dict[str, Any] = {v.base: selector_data(v.arg)}
    if v.kind is not None:
        out["kind"] = v.kind
    if v.times is not None:
        out["times"] = v.times
    if v.plus is not None:
        out["plus"] = v.plus
    if v.negate:
        out["negate"] = True
    return out


def _plain(x: Any) -> Any:
    if isinstance(x, tuple):
        return [_plain(v) for v in x]
    if isinstance(x, Mapping):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, AbilitySpec):
        return ability_data(x)
    if isinstance(x, EffectEntry):
        return entry_data(x)
    if isinstance(x, Filter | Expr):
        return value_data(x) if isinstance(x, Expr) else selector_data(x)
    if isinstance(x, Cost):
        return cost_data(x)
    return x


def op_param_data(name: str, p: Any) -> Any:
    """One operation's parameter as the format writes it."""
    if isinstance(p, PT):
        return {"power": value_data(p.power), "toughness": value_data(p.toughness)}
    if isinstance(p, TextChange):
        return {"from": p.from_, "to": p.to}
    return _plain(p)


def ops_plain(o: Mapping[str, Any]) -> dict[str, Any]:
    """Operations as the format writes them."""
    return {name: op_param_data(name, p) for name, p in o.items()}


def cost_data(c: Cost) -> Any:
    if c.kind in ("pay_life", "loyalty"):
        return {c.kind: c.amount}
    if c.kind == "remove_counters":
        return {"remove_counters": dict(c.counters or {})}
    if c.kind == "mana":
        return {"mana": c.mana}
    if c.kind in ("sacrifice", "tap_untapped", "exile_from_graveyard"):
        out: dict[str, Any] = {c.kind: selector_data(c.selector)}
        if c.total_power is not None:
            out["total_power"] = c.total_power
        else:
            out["count"] = c.count
        return out
    if c.kind == "discard":
        return {"discard": c.count}
    return c.kind


def entry_data(e: EffectEntry) -> dict[str, Any]:
    """An effect entry as the format writes it."""
    out: dict[str, Any] = {}
    if e.replacement is not None:
        out["replacement"] = replacement_data(e.replacement)
    if e.verb is not None:
        p = e.param
        if isinstance(p, TokenSpec):
            p = {**_plain(p.data), "count": value_data(p.count)}
            if e.param.copy_of is not None:
                p = {"copy_of": e.param.copy_of, **{k: v for k, v in p.items() if v is not None}}
                if e.param.except_:
                    p["except"] = _plain(e.param.except_)
        elif isinstance(p, DelayedSpec):
            p = delayed_data(p)
        elif isinstance(p, ReturnParam):
            p = {"counters": dict(p.counters), "rule": p.rule, "keyword": p.keyword}
        elif isinstance(p, SearchParam):
            p = {"for": selector_data(p.for_), "count": value_data(p.count), "to": p.to, "tapped": p.tapped,
                 "shuffle": p.shuffle}
        else:
            p = _plain(p)
        out[e.verb] = p
    if e.ops is not None:
        out.update(ops_plain(e.ops))
    if e.duration is not None:
        out["duration"] = e.duration
    if e.count is not None:
        out["count"] = value_data(e.count)
    if e.divided:
        out["divided"] = True
    for key, option in (e.options or {}).items():
        out[key] = {k: value_data(v) for k, v in option.items()} if key == "counters" else _plain(option)
    if e.to is not None:
        out["to"] = selector_data(e.to)
    return out


def modal_data(m: Modal) -> dict[str, Any]:
    """``modes`` and ``choose`` as the format writes them."""
    modes = []
    for mode in m.modes:
        written: dict[str, Any] = {"effect": [entry_data(e) for e in mode.effect]}
        if mode.target is not None:
            written["target"] = selector_data(mode.target)
        modes.append(written)
    choose: Any = m.minimum if m.minimum == m.maximum else [m.minimum, m.maximum]
    return {"modes": modes, "choose": choose}


def replacement_data(r: ReplacementSpec) -> dict[str, Any]:
    """A ``replacement`` as the format writes it."""
    t = r.then
    then: dict[str, Any] = {}
    for key in ("to", "control", "prevent", "prevent_each", "times", "plus", "minus"):
        if getattr(t, key) is not None:
            then[key] = getattr(t, key)
    for key in ("regenerate", "tapped", "lose_instead"):
        if getattr(t, key):
            then[key] = True
    if t.counters:
        then["counters"] = {k: value_data(v) for k, v in t.counters.items()}
    if t.copy_of is not None:
        then["copy_of"] = selector_data(t.copy_of)
    if t.except_:
        then["except"] = _plain(t.except_)
    if t.instead is not None:
        then["instead"] = [entry_data(e) for e in t.instead]
    out: dict[str, Any] = {"event": r.event}
    if r.of is not None:
        out["of"] = selector_data(r.of)
    if r.from_ is not None:
        out["from"] = selector_data(r.from_)
    for key in ("combat", "kind", "uses"):
        if getattr(r, key) is not None:
            out[key] = getattr(r, key)
    if r.optional:
        out["optional"] = True
    out["then"] = then
    return out


def ability_data(a: AbilitySpec) -> dict[str, Any]:
    """An ability as the format writes it (``{"mana": [...]}``, ``{"static": {...}}``...)."""
    if a.replacement is not None:
        return {"replacement": replacement_data(a.replacement)}
    if a.kind == "mana":
        return {"mana": list(a.mana)}
    if a.static is not None:
        s = a.static
        body: dict[str, Any] = {**ops_plain(s.ops), "affects": selector_data(s.affects)}
        if s.condition is not None:
            c = s.condition
            body["condition"] = {**value_data(c.value), **{k: getattr(c, k) for k in ("at_least", "at_most", "equals")
                                                           if getattr(c, k) is not None}}
        return {"static": body}
    if a.trigger is not None:
        t = a.trigger
        out: dict[str, Any] = {"trigger": {"event": t.event, "of": selector_data(t.of)}, "optional": t.optional,
                               "effect": [entry_data(e) for e in t.effect]}
        if t.target is not None:
            out["target"] = selector_data(t.target)
        if t.keyword is not None:
            out["keyword"] = t.keyword
        for key, written in (("from_", "from"), ("kind", "kind"), ("targets", "targets"), ("by", "by")):
            if getattr(t, key) is not None:
                out["trigger"][written] = selector_data(getattr(t, key))
        if t.once_each_turn:
            out["once_each_turn"] = True
        if t.modal is not None:
            out.update(modal_data(t.modal))
        return out
    act = a.activated or ActivatedSpec()
    abody: dict[str, Any] = {"cost": [cost_data(c) for c in act.cost], "effect": [entry_data(e) for e in act.effect]}
    if act.target is not None:
        abody["target"] = selector_data(act.target)
    if act.modal is not None:
        abody.update(modal_data(act.modal))
    if act.timing is not None:
        abody["timing"] = act.timing
    return {"activated": abody}
