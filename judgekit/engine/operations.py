"""The layer operations (SCENARIO-FORMAT.md, layer table; CR 613.1): one table, one entry per operation.

This is the one place an operation is declared: :data:`TABLE` gives, for each operation, its layer and its
handlers: how it is applied to one object, what it does to an object (compared before and after a trial
application, CR 613.8a), what it reads and what it can change (the dependency pre-check), the rules it
cites. The scenario models take their operation fields' names from :data:`OPERATIONS`, effects and static
abilities collect their operations with :data:`OP_KEYS`, and the layer system
(:mod:`judgekit.engine.layers`) calls the handlers in each layer. ``except`` goes with ``copy_of``
(layer 1, CR 707.9b): it has no handler of its own.

Handlers take the working objects as arguments: ``env`` (the layer computation, see :class:`Env`), ``le``
(the effect as the layer system sees it: ``key``, ``ops``, ``timestamp``, ``targets``), ``p`` (the
operation's parameter), ``w`` (the working characteristics of one object: a :class:`Chars` that also has
``controller`` and ``zone``) and ``W`` (every working object, by uid).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from judgekit.engine.specs import PT, AbilitySpec, TextChange
from judgekit.engine.state import Ability, Chars
from judgekit.engine.values import cost_colors, value_reads
from judgekit.engine.vocab import KIND_TYPES, LAND_TYPES, SUBTYPE_KINDS, Layer, Zone, subtype_allowed


class Env(Protocol):
    """What an operation needs from the layer computation."""

    def player(self, le: Any, p: str, W: Any) -> str | None:
        """The player named by a ``control`` parameter (``you``: the effect's controller)."""

    def pt_values(self, le: Any, op: str, w: Any, W: Any) -> tuple[int, int]:
        """The power and toughness values of a P/T operation for one object."""

    def copy_source(self, le: Any, ref: str, W: Any) -> Any:
        """The working object a ``copy_of`` copies (None when it is gone)."""


Apply = Callable[[Env, Any, Any, Any, Any], None]
Does = Callable[[Env, Any, Any, Any, Any], list[Any]]
Tokens = Callable[[Any], set[str]]


def _nothing(p: Any) -> set[str]:
    return set()


def _param(env: Env, le: Any, p: Any, w: Any, W: Any) -> list[Any]:
    return [p]


@dataclass(frozen=True)
class Operation:
    """One layer operation.

    ``apply`` changes one object (None for a modifier of another operation, like ``except``); ``does`` is
    what the operation does to one object, as comparable data (default: its parameter); ``reads`` and
    ``writes`` are dependency tokens (``attribute:value`` or ``attribute``; ``*`` is anything, ``*copy``
    reads everything); ``rules`` are the rules its application cites, from the effect's operations;
    ``new_statics`` says applying it can give objects static abilities that then apply in the same layer."""

    layer: Layer
    apply: Apply | None
    does: Does = _param
    reads: Tokens = _nothing
    writes: Tokens = _nothing
    rules: Callable[[Mapping[str, Any]], list[str]] = field(default=lambda ops: [])
    new_statics: bool = False


# ------------------------------------------------------------------------------------------------------
# Helpers


def merge(base: list[str], extra: Iterable[str]) -> list[str]:
    """``base`` then the items of ``extra`` it lacks, in order."""
    out = list(base)
    for x in extra:
        if x not in out:
            out.append(x)
    return out


def signature(c: Chars) -> tuple[Any, ...]:
    """The copiable values of an object, as comparable data."""
    return (c.name, c.mana_cost, tuple(c.colors), tuple(c.types), tuple(c.supertypes), tuple(c.subtypes), c.power,
            c.toughness, c.loyalty, tuple(c.keywords), tuple((a.key, repr(a.spec)) for a in c.abilities),
            c.all_creature_types)


# Spec fields whose strings are names of the format, never text a text-changing effect can change.
_NOT_TEXT = frozenset({"kind", "base", "event", "verb", "keyword", "duration", "mana", "affects", "rule"})


def _replace_word(value: Any, old: str, new: str) -> Any:
    """A spec with the colour or land type word ``old`` replaced by ``new`` (CR 612.2)."""
    if isinstance(value, str):
        if value == old:
            return new
        if value == f"protection_from_{old}":
            return f"protection_from_{new}"
        return value
    if isinstance(value, tuple):
        return tuple(_replace_word(v, old, new) for v in value)
    if isinstance(value, Mapping):
        return MappingProxyType({k: _replace_word(v, old, new) for k, v in value.items()})
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: _replace_word(getattr(value, f.name), old, new) for f in dataclasses.fields(value)
                   if not (f.name in _NOT_TEXT and isinstance(getattr(value, f.name), str))}
        return dataclasses.replace(value, **changes)
    return value


def _each(p: Iterable[str], attr: str) -> set[str]:
    return {f"{attr}:{x}" for x in p}


# ------------------------------------------------------------------------------------------------------
# Layer 1: copy (CR 707)


# The exceptions of an entering copy that add to the copied values (SCENARIO-FORMAT.md 2.4, CR 707.9b).
_EXCEPT_ADDS = {"add_types": "types", "add_subtypes": "subtypes", "add_supertypes": "supertypes",
                "add_colors": "colors", "add_keywords": "keywords", "add_abilities": "abilities"}


def _apply_copy(env: Env, le: Any, ref: str, w: Any, W: Any) -> None:
    """CR 707.2, 707.9: the copiable values of the original (as modified by other copy effects and the
    exceptions of its own copy effect) overwrite the object's; ``except`` values become part of them."""
    src = env.copy_source(le, ref, W)
    if src is None or src.uid == w.uid:
        return
    new = Chars.clone(src)
    exc = le.ops.get("except") or {}
    for key, value in exc.items():
        if key in ("keywords",):
            new.keywords = merge(new.keywords, value)
        elif key == "abilities":
            extra = [Ability(spec.kind, spec, "text", None, f"x{le.key}:{i}") for i, spec in enumerate(value)]
            new.abilities = list(new.abilities) + extra
        elif key in ("power", "toughness", "loyalty", "defense", "mana_cost", "name", "target", "effect"):
            setattr(new, key, value)
        elif key in ("types", "supertypes", "subtypes", "colors"):
            setattr(new, key, list(value))
        elif key == "modes":
            new.modal = value
        elif key in _EXCEPT_ADDS:
            attr = _EXCEPT_ADDS[key]
            if attr == "abilities":
                extra = [Ability(spec.kind, spec, "text", None, f"x{le.key}:{i}") for i, spec in enumerate(value)]
                new.abilities = list(new.abilities) + extra
            else:
                setattr(new, attr, merge(list(getattr(new, attr)), value))
    if "colors" not in exc and "add_colors" not in exc and "mana_cost" in exc:
        new.colors = cost_colors(new.mana_cost)
    w.__dict__.update(new.__dict__)


def _does_copy(env: Env, le: Any, ref: str, w: Any, W: Any) -> list[Any]:
    t = env.copy_source(le, ref, W)
    return [signature(t.c) if t is not None else None, le.ops.get("except")]


def _copy_rules(ops: Mapping[str, Any]) -> list[str]:
    exc = ops.get("except") or {}
    out = ["707.2"]
    if any(k in exc for k in ("keywords", "abilities")):
        out.append("707.9a")
    if any(k not in ("keywords", "abilities") for k in exc):
        out.append("707.9b")
    return out


# ------------------------------------------------------------------------------------------------------
# Layer 2: control; layer 3: text


def _apply_control(env: Env, le: Any, p: str, w: Any, W: Any) -> None:
    player = env.player(le, p, W)
    if player is not None and w.zone in (Zone.BATTLEFIELD, Zone.STACK):
        w.controller = player


def _apply_text_change(env: Env, le: Any, p: TextChange, w: Any, W: Any) -> None:
    """CR 612.2: change a colour word or land type word in the object's own text (not granted abilities,
    not mana symbols, not its name)."""
    old, new = p.from_, p.to
    w.keywords = [_replace_word(k, old, new) for k in w.keywords]
    w.abilities = [Ability(a.kind, _replace_word(a.spec, old, new) if a.kind != "mana" else a.spec, a.origin,
                           a.grant_ts, a.key) if a.origin == "text" else a for a in w.abilities]


# ------------------------------------------------------------------------------------------------------
# Layer 4: type (CR 205.3d: a subtype that doesn't correspond to one of the object's types can't be gained)


def _apply_add_types(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> None:
    w.types = merge(w.types, p)


def _apply_remove_types(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> None:
    w.types = [t for t in w.types if t not in p]
    w.subtypes = [s for s in w.subtypes if subtype_allowed(s, w.types)]


def _apply_set_types(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> None:
    w.types = merge([], p)
    w.subtypes = [s for s in w.subtypes if subtype_allowed(s, w.types)]


def _apply_add_subtypes(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> None:
    w.subtypes = merge(w.subtypes, [s for s in p if subtype_allowed(s, w.types)])


def _apply_set_subtypes(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> None:
    kinds = {SUBTYPE_KINDS.get(s) for s in p}
    keep = [s for s in w.subtypes if SUBTYPE_KINDS.get(s) not in kinds]
    if "Creature" in kinds:
        w.all_creature_types = False
    w.subtypes = merge(keep, [s for s in p if subtype_allowed(s, w.types)])


def _does_subtypes(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> list[Any]:
    return [[s for s in p if subtype_allowed(s, w.c.types)]]


def _subtype_reads(p: tuple[str, ...]) -> set[str]:
    """CR 205.3d: whether a subtype can be gained depends on the object's card types."""
    out: set[str] = set()
    for sub in p:
        kind = SUBTYPE_KINDS.get(sub)
        out |= {f"types:{t}" for t in KIND_TYPES.get(kind, set())} if kind else set()
    return out


def _apply_add_supertypes(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> None:
    w.supertypes = merge(w.supertypes, p)


def _apply_remove_supertypes(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> None:
    w.supertypes = [s for s in w.supertypes if s not in p]


def _apply_all_creature_types(env: Env, le: Any, p: Any, w: Any, W: Any) -> None:
    if subtype_allowed("Human", w.types):
        w.all_creature_types = True


def _does_all_creature_types(env: Env, le: Any, p: Any, w: Any, W: Any) -> list[Any]:
    return [subtype_allowed("Human", w.c.types)]


def _apply_set_land_types(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> None:
    if "Land" in w.types:
        # CR 305.7: new land types replace the old ones; it loses the abilities from its text and old land
        # types (at this point every ability it has is one of those) and gains the new intrinsic mana
        # abilities (added at the end of layer 4, CR 305.6).
        w.subtypes = merge([s for s in w.subtypes if s not in LAND_TYPES], p)
        w.abilities = []
        w.keywords = []


# ------------------------------------------------------------------------------------------------------
# Layer 5: colour; layer 6: abilities


def _apply_set_colors(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> None:
    w.colors = sorted(set(p))


def _apply_add_colors(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> None:
    w.colors = sorted(set(w.colors) | set(p))


def _apply_add_keywords(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> None:
    w.keywords = merge(w.keywords, p)


def _apply_remove_keywords(env: Env, le: Any, p: tuple[str, ...], w: Any, W: Any) -> None:
    w.keywords = [k for k in w.keywords if k not in p]


def _apply_add_abilities(env: Env, le: Any, p: tuple[AbilitySpec, ...], w: Any, W: Any) -> None:
    new = list(w.abilities)
    for i, spec in enumerate(p):
        new.append(Ability(spec.kind, spec, "granted", le.timestamp, f"g{le.key}:{i}"))
    w.abilities = new


def _apply_remove_all_abilities(env: Env, le: Any, p: Any, w: Any, W: Any) -> None:
    """Layer 6: the object loses its abilities; what they did in earlier layers stays (CR 613.6): the creature
    types a changeling CDA gave in layer 4 (CR 702.73a, 613.3) are not undone."""
    w.abilities = []
    w.keywords = []


# ------------------------------------------------------------------------------------------------------
# Layer 7: power and toughness (CR 613.4)


def _pt_reads(p: Any) -> set[str]:
    if not isinstance(p, PT):
        return set()
    return value_reads(p.power) | value_reads(p.toughness)


def _set_pt(op: str) -> Apply:
    def apply(env: Env, le: Any, p: Any, w: Any, W: Any) -> None:
        w.power, w.toughness = env.pt_values(le, op, w, W)
    return apply


def _apply_modify_pt(env: Env, le: Any, p: Any, w: Any, W: Any) -> None:
    dp, dt = env.pt_values(le, "modify_pt", w, W)
    w.power = (w.power or 0) + dp
    w.toughness = (w.toughness or 0) + dt


def _does_pt(op: str) -> Does:
    def does(env: Env, le: Any, p: Any, w: Any, W: Any) -> list[Any]:
        return [env.pt_values(le, op, w, W)]
    return does


def _apply_switch_pt(env: Env, le: Any, p: Any, w: Any, W: Any) -> None:
    w.power, w.toughness = w.toughness, w.power


def _pt_writes(p: Any) -> set[str]:
    return {"pt"}


# ------------------------------------------------------------------------------------------------------
# The table


TABLE: dict[str, Operation] = {
    "copy_of": Operation(Layer.COPY, _apply_copy, does=_does_copy, reads=lambda p: {"*copy"},
                         writes=lambda p: {"*"}, rules=_copy_rules, new_statics=True),
    "except": Operation(Layer.COPY, None),
    "control": Operation(Layer.CONTROL, _apply_control, does=lambda env, le, p, w, W: [env.player(le, p, W)],
                         reads=lambda p: {"controller"} if p == "you" else set(), writes=lambda p: {"controller"}),
    "text_change": Operation(Layer.TEXT, _apply_text_change, writes=lambda p: {"text"}, new_statics=True),
    "add_types": Operation(Layer.TYPE, _apply_add_types, writes=lambda p: _each(p, "types")),
    "remove_types": Operation(Layer.TYPE, _apply_remove_types, writes=lambda p: {"types:*", "subtypes:*"}),
    "set_types": Operation(Layer.TYPE, _apply_set_types, writes=lambda p: {"types:*", "subtypes:*"}),
    "add_subtypes": Operation(Layer.TYPE, _apply_add_subtypes, does=_does_subtypes, reads=_subtype_reads,
                              writes=lambda p: _each(p, "subtypes")),
    "set_subtypes": Operation(Layer.TYPE, _apply_set_subtypes, does=_does_subtypes, reads=_subtype_reads,
                              writes=lambda p: {"subtypes:*"}),
    "add_supertypes": Operation(Layer.TYPE, _apply_add_supertypes, writes=lambda p: _each(p, "supertypes")),
    "remove_supertypes": Operation(Layer.TYPE, _apply_remove_supertypes, writes=lambda p: _each(p, "supertypes")),
    "all_creature_types": Operation(Layer.TYPE, _apply_all_creature_types, does=_does_all_creature_types,
                                    reads=lambda p: {"types:Creature", "types:Kindred"},
                                    writes=lambda p: {"subtypes:*"}),
    "set_land_types": Operation(Layer.TYPE, _apply_set_land_types,
                                writes=lambda p: {"subtypes:*", "abilities", "keywords:*"},
                                rules=lambda ops: ["305.7", "305.6"]),
    "set_colors": Operation(Layer.COLOR, _apply_set_colors, writes=lambda p: {"colors:*"}),
    "add_colors": Operation(Layer.COLOR, _apply_add_colors, writes=lambda p: _each(p, "colors")),
    "add_keywords": Operation(Layer.ABILITY, _apply_add_keywords, writes=lambda p: _each(p, "keywords")),
    "remove_keywords": Operation(Layer.ABILITY, _apply_remove_keywords, writes=lambda p: _each(p, "keywords")),
    "add_abilities": Operation(Layer.ABILITY, _apply_add_abilities, new_statics=True),
    "remove_all_abilities": Operation(Layer.ABILITY, _apply_remove_all_abilities,
                                      writes=lambda p: {"keywords:*", "abilities"}),
    "cda": Operation(Layer.PT_CDA, _set_pt("cda"), does=_does_pt("cda"), reads=_pt_reads, writes=_pt_writes,
                     rules=lambda ops: ["613.3", "604.3"]),
    "set_pt": Operation(Layer.PT_SET, _set_pt("set_pt"), does=_does_pt("set_pt"), reads=_pt_reads,
                        writes=_pt_writes),
    "modify_pt": Operation(Layer.PT_MODIFY, _apply_modify_pt, does=_does_pt("modify_pt"), reads=_pt_reads,
                           writes=_pt_writes),
    "switch_pt": Operation(Layer.PT_SWITCH, _apply_switch_pt, writes=_pt_writes),
}

# Every operation and its layer (the scenario models' fields), table order.
OPERATIONS: dict[str, Layer] = {name: op.layer for name, op in TABLE.items()}

# Every key of an effect entry or static ability that is an operation (``except`` included), table order.
OP_KEYS: tuple[str, ...] = tuple(TABLE)

# The operations that apply in a layer of their own (``except`` only modifies ``copy_of``).
OP_LAYER: dict[str, Layer] = {name: op.layer for name, op in TABLE.items() if op.apply is not None}
