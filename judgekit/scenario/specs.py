"""From validated scenario data to the rules core's typed specs (:mod:`judgekit.engine.specs`).

:func:`scenario_specs` takes the normalised data of a loaded scenario (what the loader or the compiled
scenario cache gives) and returns a copy in which every ability, ``effect`` list, ``target``, token and
operation is a frozen spec. The data must already be valid: shapes are not checked again here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from judgekit.engine.operations import OP_KEYS
from judgekit.engine.specs import (
    PT,
    AbilitySpec,
    ActivatedSpec,
    Condition,
    Cost,
    EffectEntry,
    Expr,
    Filter,
    Ops,
    Selector,
    StaticSpec,
    TextChange,
    TokenSpec,
    TriggerSpec,
    Value,
)

VALUE_BASES = ("count", "card_types_in_graveyards", "hand_size", "life", "power_of", "toughness_of")
_LIST_FIELDS = ("types", "not_types", "subtypes", "not_subtypes", "supertypes", "not_supertypes", "colors",
                "not_colors", "keywords")
_OBJECT_ZONES = ("graveyard", "hand")


def selector(raw: Any) -> Selector:
    """A word or id stays a string; a list of ids becomes a tuple; a filter mapping becomes a :class:`Filter`."""
    if isinstance(raw, str):
        return raw
    if isinstance(raw, list | tuple):
        return tuple(str(x) for x in raw)
    if isinstance(raw, Filter):
        return raw
    data = dict(raw or {})
    fields: dict[str, Any] = {k: tuple(data[k]) for k in _LIST_FIELDS if data.get(k) is not None}
    if data.get("any") is not None:
        fields["any"] = tuple(_filter(alt) for alt in data["any"])
    for key in ("controller", "token", "zone"):
        if data.get(key) is not None:
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
    """A VALUE: an int, ``mana_value``, or an :class:`Expr`."""
    if isinstance(raw, bool):
        return int(raw)
    if isinstance(raw, int | str | Expr):
        return raw
    data = dict(raw)
    base = next(k for k in VALUE_BASES if data.get(k) not in (None, False))
    arg = data[base]
    if base == "count":
        arg = selector(arg)
    return Expr(base, arg, data.get("times"), data.get("plus"), bool(data.get("negate")))


def condition(raw: Any) -> Condition | None:
    if raw is None:
        return None
    data = dict(raw)
    expr = value({k: data[k] for k in VALUE_BASES if data.get(k) not in (None, False)})
    assert isinstance(expr, Expr)
    return Condition(expr, data.get("at_least"), data.get("at_most"), data.get("equals"))


def _pt(raw: Any) -> PT:
    if isinstance(raw, list | tuple):
        return PT(value(raw[0]), value(raw[1]))
    return PT(value(raw["power"]), value(raw["toughness"]))


def _op_param(name: str, raw: Any) -> Any:
    if name in ("cda", "set_pt", "modify_pt"):
        return _pt(raw)
    if name == "text_change":
        return TextChange(str(raw.get("from", raw.get("from_"))), str(raw["to"]))
    if name == "add_abilities":
        return tuple(ability(a) for a in raw)
    if name == "except":
        return _frozen(object_data(dict(raw)))
    if isinstance(raw, list):
        return tuple(raw)
    return raw


def ops(raw: Mapping[str, Any]) -> Ops:
    """The operations written in a static ability, effect entry or ``effects:`` entry, in table order."""
    return MappingProxyType({name: _op_param(name, raw[name]) for name in OP_KEYS
                             if raw.get(name) is not None and raw.get(name) is not False})


def effect_entry(raw: Mapping[str, Any]) -> EffectEntry:
    """One entry of an ``effect`` list (exactly one verb, or operations)."""
    from judgekit.engine.effects import VERBS

    to = selector(raw["to"]) if raw.get("to") is not None else None
    verb = next((v for v in VERBS if raw.get(v) not in (None, False)), None)
    if verb is None:
        return EffectEntry(to=to, ops=ops(raw), duration=raw.get("duration"))
    return EffectEntry(verb=verb, param=_verb_param(verb, raw[verb]), to=to)


def _verb_param(verb: str, raw: Any) -> Any:
    if verb in ("damage", "gain_life", "lose_life", "draw", "discard"):
        return value(raw)
    if verb in ("add_counters", "remove_counters"):
        return MappingProxyType(dict(raw))
    if verb == "create_token":
        data = dict(raw)
        count = int(data.pop("count", 1) or 1)
        return TokenSpec(count, _frozen(object_data(data)))
    return raw


def effects(raw: Any) -> tuple[EffectEntry, ...]:
    return tuple(effect_entry(e) for e in raw or ())


def cost(raw: Any) -> Cost:
    if isinstance(raw, str):
        return Cost(raw)
    data = dict(raw)
    if "pay_life" in data:
        return Cost("pay_life", int(data["pay_life"]))
    if "loyalty" in data:
        return Cost("loyalty", int(data["loyalty"]))
    if "remove_counters" in data:
        return Cost("remove_counters", counters=MappingProxyType(dict(data["remove_counters"])))
    return Cost("mana", mana=str(data["mana"]))


def ability(raw: Any) -> AbilitySpec:
    """One ability in any of its four forms (SCENARIO-FORMAT "Abilities")."""
    if isinstance(raw, AbilitySpec):
        return raw
    if "mana" in raw:
        return AbilitySpec("mana", mana=tuple(raw["mana"]))
    if "static" in raw:
        body = raw["static"]
        return AbilitySpec("static", static=StaticSpec(ops(body), selector(body.get("affects", "self")),
                                                       condition(body.get("condition"))))
    if "trigger" in raw:
        trig = raw["trigger"]
        target = raw.get("target")
        return AbilitySpec("trigger", trigger=TriggerSpec(
            str(trig["event"]), selector(trig.get("of", "self")), bool(raw.get("optional")),
            selector(target) if target is not None else None, effects(raw.get("effect"))))
    body = raw["activated"]
    target = body.get("target")
    return AbilitySpec("activated", activated=ActivatedSpec(
        tuple(cost(c) for c in body.get("cost") or ()), selector(target) if target is not None else None,
        effects(body.get("effect"))))


def object_data(raw: dict[str, Any]) -> dict[str, Any]:
    """An object's fields with its ``abilities``, ``effect`` and ``target`` as specs (a new mapping)."""
    out = dict(raw)
    if out.get("abilities") is not None:
        out["abilities"] = tuple(ability(a) for a in out["abilities"])
    if out.get("effect") is not None:
        out["effect"] = effects(out["effect"])
    if out.get("target") is not None:
        out["target"] = selector(out["target"])
    return out


def _frozen(data: dict[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(data)


def scenario_specs(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of a loaded scenario's data in which everything the rules core executes is a typed spec."""
    out = dict(data)
    out["battlefield"] = [object_data(o) for o in data["battlefield"]]
    for zone in _OBJECT_ZONES:
        out[zone] = {player: [object_data(o) for o in objs] for player, objs in data[zone].items()}
    out["exile"] = [object_data(o) for o in data["exile"]]
    out["effects"] = [{**e, "ops": ops(e)} for e in data.get("effects") or []]
    actions = []
    for action in data.get("actions") or []:
        cast = action.get("cast")
        if isinstance(cast, dict) and isinstance(cast.get("object"), dict):
            action = {"cast": {**cast, "object": object_data(cast["object"])}}
        actions.append(action)
    out["actions"] = actions
    return out
