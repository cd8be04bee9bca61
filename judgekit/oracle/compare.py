"""One canonical form for the rules-text fields of a card, compiled or hand-written, so that two spellings of the
same abilities compare equal.

What counts as the same spelling (each one a rule of the format or of the Comprehensive Rules):

- key order, and the order of lists that are sets (types, colours, keywords, mana symbols, ``any:`` alternatives,
  costs, abilities: only the relative order of activated abilities is kept, since ``activate.ability`` counts them);
- defaults written out or left out: ``of: self``, ``affects: self``, ``optional: false``, an effect entry's
  ``duration: end_of_turn``, a ``count`` of 1, the ids the creating effect gives to tokens (they name the tokens in
  a scenario and change nothing in the game);
- a land, artifact, enchantment, planeswalker or battle subtype implies its card type (CR 205.3d):
  ``{subtypes: [Forest]}`` is ``{types: [Land], subtypes: [Forest]}``;
- in a triggered ability about its own source, ``trigger_object`` is the source: ``self``.
"""

from __future__ import annotations

import json
from typing import Any

from judgekit.engine import vocab

# The rules-text fields compared (the rest of a card file is its characteristics and Italian text).
RULES_FIELDS = ("keywords", "abilities", "effect", "target", "modes", "choose", "as_enters", "additional_cost")

_SET_LISTS = {"types", "not_types", "subtypes", "not_subtypes", "supertypes", "not_supertypes", "colors",
              "not_colors", "keywords", "add_types", "remove_types", "set_types", "add_subtypes", "set_subtypes",
              "add_supertypes", "remove_supertypes", "set_land_types", "set_colors", "add_colors", "add_keywords",
              "remove_keywords", "mana"}
_SELECTOR_KEYS = {"affects", "of", "from", "to", "target", "copy_of", "count", "sacrifice"}
_IMPLIED_TYPE = {"Land": "Land", "Artifact": "Artifact", "Enchantment": "Enchantment",
                 "Planeswalker": "Planeswalker", "Battle": "Battle"}


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _selector(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    out = {k: _canon(v) for k, v in value.items()}
    if "any" in out and isinstance(out["any"], list):
        out["any"] = sorted((_selector(a) for a in out["any"]), key=_key)
    kinds = {vocab.subtype_kind(s) for s in out.get("subtypes") or []}
    implied = {_IMPLIED_TYPE[k] for k in kinds if k in _IMPLIED_TYPE}
    if implied and len(implied) == 1:
        out["types"] = sorted(set(out.get("types") or []) | implied)
    if out.get("owner") in ("any",):
        out.pop("owner")
    if out.get("controller") in ("any",):
        out.pop("controller")
    return out


def _canon(value: Any) -> Any:
    """Every nested mapping and list in canonical form."""
    if isinstance(value, list):
        return [_canon(v) for v in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for key, v in value.items():
        if key in _SET_LISTS and isinstance(v, list):
            out[key] = sorted(v, key=_key)
        elif key in _SELECTOR_KEYS and isinstance(v, dict):
            out[key] = _selector(v)
        elif key == "create_token" and isinstance(v, dict):
            token = {k: _canon(t) for k, t in v.items() if k != "id"}
            if token.get("count") == 1:
                token.pop("count")
            out[key] = token
        else:
            out[key] = _canon(v)
    return out


def _entry(entry: Any) -> Any:
    """An effect entry: ``duration`` defaults to ``end_of_turn`` for operations, ``count`` of a sacrifice to 1."""
    if not isinstance(entry, dict):
        return entry
    out = dict(entry)
    if out.get("count") == 1 and isinstance(out.get("sacrifice"), dict):
        out.pop("count")
    if out.get("gain_control") in (True, "you"):
        # ``gain_control: true`` is the operation ``control: you`` lasting, by default, forever (2.7).
        out.pop("gain_control")
        out["control"] = "you"
        out.setdefault("duration", "permanent")
    verbs = {"damage", "destroy", "exile", "exile_and_return", "sacrifice", "return_to_hand", "counter", "gain_life",
             "lose_life", "draw", "discard", "add_counters", "remove_counters", "tap", "untap", "create_token",
             "prevent_damage", "regenerate", "fight", "replacement", "copy_spell", "proliferate", "double_counters",
             "move_counters", "return_to_battlefield"}
    if not verbs & set(out) and "duration" not in out:
        out["duration"] = "end_of_turn"
    if isinstance(out.get("replacement"), dict):
        out["replacement"] = _body(out["replacement"], in_effect=True)
    return out


def _effects(entries: Any, own_trigger: bool = False) -> Any:
    if not isinstance(entries, list):
        return entries
    out = []
    for e in entries:
        e = _entry(e)
        if own_trigger and isinstance(e, dict):
            e = json.loads(json.dumps(e).replace('"trigger_object"', '"self"'))
        out.append(e)
    return out


def _modes(modes: Any, own_trigger: bool = False) -> Any:
    if not isinstance(modes, list):
        return modes
    return [{**m, "effect": _effects(m.get("effect"), own_trigger)} for m in modes if isinstance(m, dict)]


def _body(body: dict[str, Any], in_effect: bool = False) -> dict[str, Any]:
    out = dict(body)
    if not in_effect and out.get("of") == "self":
        out.pop("of")
    if out.get("optional") is False:
        out.pop("optional")
    then = out.get("then")
    if isinstance(then, dict) and isinstance(then.get("instead"), list):
        out["then"] = {**then, "instead": _effects(then["instead"])}
    return out


def _ability(ability: Any) -> Any:
    if not isinstance(ability, dict):
        return ability
    out = dict(ability)
    if "mana" in out:
        return _canon(out)
    if "static" in out and isinstance(out["static"], dict):
        static = dict(out["static"])
        if static.get("affects", "self") == "self":
            static.pop("affects", None)
        out["static"] = static
    if "trigger" in out and isinstance(out["trigger"], dict):
        trigger = dict(out["trigger"])
        if trigger.get("of", "self") == "self":
            trigger.pop("of", None)
        own = "of" not in trigger
        out["trigger"] = trigger
        if out.get("optional") is False:
            out.pop("optional")
        out["effect"] = _effects(out.get("effect") or [], own)
        if not out["effect"]:
            out.pop("effect")
        if "modes" in out:
            out["modes"] = _modes(out["modes"], own)
    if "activated" in out and isinstance(out["activated"], dict):
        act = dict(out["activated"])
        act["cost"] = sorted(act.get("cost") or [], key=_key)
        act["effect"] = _effects(act.get("effect") or [])
        if not act["effect"]:
            act.pop("effect")
        if "modes" in act:
            act["modes"] = _modes(act["modes"])
        out["activated"] = act
    if "replacement" in out and isinstance(out["replacement"], dict):
        out["replacement"] = _body(out["replacement"])
    return _canon(out)


def canonical(fields: dict[str, Any]) -> dict[str, Any]:
    """The rules-text fields of a card (validated data, as :func:`judgekit.scenario.cards.load_card` gives it) in
    canonical form: equal for two spellings of the same abilities."""
    out: dict[str, Any] = {}
    keywords = fields.get("keywords") or []
    if keywords:
        out["keywords"] = sorted(set(keywords))
    abilities = [_ability(a) for a in fields.get("abilities") or []]
    if abilities:
        activated = [a for a in abilities if isinstance(a, dict) and "activated" in a]
        others = sorted((a for a in abilities if not (isinstance(a, dict) and "activated" in a)), key=_key)
        out["abilities"] = others + activated
    effect = _effects(fields.get("effect") or [])
    if effect:
        out["effect"] = _canon(effect)
    for key in ("target", "as_enters"):
        if fields.get(key) is not None:
            out[key] = _selector(fields[key]) if key == "target" else _canon(fields[key])
    if fields.get("modes"):
        out["modes"] = _canon(_modes(fields["modes"]))
        if fields.get("choose", 1) != 1:
            out["choose"] = fields["choose"]
    return out


def validated(card: dict[str, Any]) -> dict[str, Any]:
    """A card's data as the format's models read it (canonical values, defaults filled in)."""
    from judgekit.scenario.models import CardFile

    doc = {k: v for k, v in card.items() if k != "unmodelled"}
    return CardFile.model_validate(doc).model_dump(by_alias=True, exclude_none=True)


def differences(hand: dict[str, Any], compiled: dict[str, Any]) -> list[str]:
    """The rules-text fields on which two cards differ, in canonical form (empty: the same abilities)."""
    a, b = canonical(hand), canonical(compiled)
    return [k for k in RULES_FIELDS if a.get(k) != b.get(k)]
