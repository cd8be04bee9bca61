"""VALUE expressions (SCENARIO-FORMAT.md "VALUE") and mana values (CR 202.3).

A VALUE is an int, ``mana_value`` (of the affected object), ``x`` (the value of X of the resolving spell or
ability, CR 107.3: announced as it was cast or activated, 107.3a, or the X of the spell that became the
permanent for its enters abilities, 107.3m; 0 anywhere else), or an :class:`Expr` with one base (``count``,
``card_types_in_graveyards``, ``hand_size``, ``life``, ``power_of``, ``toughness_of``, ``x``) and the
modifiers ``times``, ``plus``, ``negate``. ``power_of``/``toughness_of`` of an object that has left its
zone use last known information (CR 608.2h).

Negative results (CR 107.1b): a calculation that determines the result of an effect uses 0 instead of a
negative number, unless the effect sets a creature's power or toughness to a specific value (``set_pt``,
``cda``: :data:`SIGNED_OPS`) or sets or doubles a player's life total. So :func:`amount` (a verb's amount)
and the other operations' VALUEs are floored at 0, while a comparison (a static ability's ``condition``)
uses the number as it is. ``negate`` is the format's way to write "-X": the calculation X is floored first,
then negated (a creature that gets -X/-X, X being a negative life total, gets -0/-0).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from judgekit.engine.selectors import SelectorContext, is_player_selector, select, select_players
from judgekit.engine.specs import PT, Condition, Expr, Ops
from judgekit.engine.state import Game, Ref
from judgekit.engine.vocab import COLOR_SYMBOL, Zone

_SYMBOL_RE = re.compile(r"\{([^}]+)\}")

# The operations that set a creature's power and toughness to a specific value: CR 107.1b lets their
# calculations stay negative.
SIGNED_OPS = frozenset({"set_pt", "cda"})


def mana_value(cost: str | None, x: int = 0) -> int:
    """CR 202.3: total of the mana cost; hybrid counts its largest part, Phyrexian 1. Each {X} counts ``x``:
    the value chosen while the object is a spell on the stack, 0 anywhere else (202.3e, 107.3g)."""
    if not cost:
        return 0
    total = 0
    for sym in _SYMBOL_RE.findall(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym == "X":
            total += x
        elif "/" in sym:
            parts = sym.split("/")
            total += max(int(p) if p.isdigit() else 1 for p in parts if p != "P") if any(
                p.isdigit() for p in parts) else 1
        else:
            total += 1
    return total


def cost_colors(cost: str | None) -> list[str]:
    """CR 202.2: an object's colours are the colours of the mana symbols in its mana cost."""
    if not cost:
        return []
    found: set[str] = set()
    for sym in _SYMBOL_RE.findall(cost):
        for part in sym.split("/"):
            if part in COLOR_SYMBOL:
                found.add(COLOR_SYMBOL[part])
    return sorted(found)


@dataclass
class ValueContext:
    """What a VALUE is evaluated against."""

    game: Game
    views: Mapping[int, Any]
    sel: SelectorContext
    affected: Any = None
    targets: list[Ref] = field(default_factory=list)
    trigger_object: int | None = None
    # The value of X of the spell or ability being resolved (CR 107.3); 0 for static abilities.
    x: int = 0
    # The amount of the event an ``instead`` replaces (SCENARIO-FORMAT.md 2.3, ``event_amount``), or of the
    # trigger event (2.7).
    event_amount: int = 0
    # What a REF names for the resolving spell or ability (effects.resolve_refs); None for static abilities.
    refs: Callable[[Any], list[Ref]] | None = None
    # ``excess_damage`` of the effect list being resolved (CR 120.4a).
    excess_damage: int = 0
    # The objects that paid the costs (``paid``, SCENARIO-FORMAT.md 2.7).
    paid: list[int] = field(default_factory=list)


def _ref_uid(ref: str, ctx: ValueContext) -> int | None:
    if ref == "target":
        for t in ctx.targets:
            if isinstance(t, int):
                return t
        return None
    if ref == "trigger_object":
        return ctx.trigger_object
    if ref == "self":
        return ctx.sel.source
    return ctx.game.ids.get(ref)


def note_unknown(game: Game, obj: Any, what: str, value: int = 0) -> None:
    """A value read from an unknown library card (SCENARIO-FORMAT.md 2.6): it has no characteristics, so the
    value is 0 (CR 107.2); a step says so and the ruling lists it among its assumptions (key ``library``)."""
    game.record("effect", "library.unknown_value", "107.2", objects=[obj.id], card=obj.id, what=what, value=value)


def _uids(ref: Any, ctx: ValueContext) -> list[int]:
    """The objects a REF names (SCENARIO-FORMAT.md 2.7 References)."""
    if ctx.refs is not None:
        return [r for r in ctx.refs(ref) if isinstance(r, int)]
    uid = _ref_uid(ref, ctx) if isinstance(ref, str) else None
    return [uid] if uid is not None else []


def _object_view(uid: int, ctx: ValueContext) -> Any:
    """An object as a VALUE reads it: as it is on the battlefield or the stack; if it has left, as it last
    existed there (CR 608.2h)."""
    obj = ctx.game.objects.get(uid)
    if obj is None:
        return None
    if not obj.current:
        return obj.lki
    if obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
        return ctx.views.get(uid)
    for other in ctx.game.objects.values():
        if other.superseded_by == uid and other.lki is not None and other.lki.zone in (Zone.BATTLEFIELD, Zone.STACK):
            return other.lki
    return ctx.views.get(uid)


def _pt_of(ref: Any, which: str, ctx: ValueContext) -> int:
    """The power or toughness of what ``ref`` names, added up (CR 608.2h for objects that left)."""
    total = 0
    for uid in _uids(ref, ctx):
        obj = ctx.game.objects.get(uid)
        if obj is not None and obj.unknown:
            note_unknown(ctx.game, obj, which)
            continue
        view = _object_view(uid, ctx)
        total += int(getattr(view, which, None) or 0) if view is not None else 0
    return total


def _players(ref: Any, ctx: ValueContext) -> list[str]:
    if isinstance(ref, str) and (ref in ("you", "opponent") or ctx.refs is None):
        return [_player(ref, ctx)]
    return [r for r in (ctx.refs(ref) if ctx.refs is not None else []) if isinstance(r, str)]


def base_value(spec: Expr, ctx: ValueContext) -> int:
    base, arg = spec.base, spec.arg
    if base == "count":
        if is_player_selector(arg):
            return len(select_players(arg, ctx.sel))
        return len(select(arg, ctx.views.values(), ctx.sel))
    if base == "card_types_in_graveyards":
        kinds: set[str] = set()
        for view in ctx.views.values():
            if view.zone == Zone.GRAVEYARD:
                kinds.update(view.types)
        return len(kinds)
    if base == "hand_size":
        who = set(_players(arg, ctx))
        return sum(1 for o in ctx.game.objects.values() if o.current and o.zone == Zone.HAND and o.owner in who)
    if base == "life":
        return sum(p.life for p in ctx.game.players if p.name in _players(arg, ctx))
    if base == "mana_value_of":
        # CR 202.3: X counts 0 except on the stack (the view's mana value already says so).
        return sum(int(getattr(_object_view(u, ctx), "mana_value", 0) or 0) for u in _uids(arg, ctx))
    if base == "counters_on":
        total = 0
        for u in _uids(arg, ctx):
            view = _object_view(u, ctx)
            counters = getattr(view, "counters", None) or {}
            total += sum(counters.values()) if spec.kind is None else int(counters.get(spec.kind, 0))
        return total
    if base == "excess_damage":
        return ctx.excess_damage
    if base == "power_of":
        return _pt_of(arg, "power", ctx)
    if base == "toughness_of":
        return _pt_of(arg, "toughness", ctx)
    if base == "x":
        return ctx.x
    return 0


def _player(ref: str, ctx: ValueContext) -> str:
    if ref == "you":
        return ctx.sel.you or ""
    if ref == "opponent":
        return ctx.sel.opponent() or ""
    return ref


def evaluate(value: Any, ctx: ValueContext, *, floor: bool = False) -> int:
    """The integer a VALUE (``int | str | Expr``) stands for, now.

    With ``floor`` the calculation of an :class:`Expr` (its base, ``times``, ``plus``) gives 0 instead of a
    negative number before ``negate`` applies (CR 107.1b); a number written as such is used as written."""
    if value is None:
        return 0
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if value == "mana_value":
        view = ctx.affected
        return mana_value(getattr(view, "mana_cost", None)) if view is not None else 0
    if value == "x":
        return ctx.x
    if value == "event_amount":
        return ctx.event_amount
    if value == "excess_damage":
        return ctx.excess_damage
    if isinstance(value, Expr):
        n = base_value(value, ctx)
        if value.times is not None:
            n *= int(value.times)
        if value.plus is not None:
            n += int(value.plus)
        if floor and n < 0:
            n = 0
        if value.negate:
            n = -n
        return n
    return 0


def amount(value: Any, ctx: ValueContext) -> int:
    """The amount of a one-shot verb (damage, life, cards): never negative (CR 107.1b; no one deals negative
    damage or gains negative life, 0 is used instead)."""
    return max(0, evaluate(value, ctx, floor=True))


def value_reads(value: Any) -> set[str]:
    """Characteristics a VALUE (or a static ability's :class:`Condition`) looks at (for the dependency
    pre-check of CR 613.8a)."""
    from judgekit.engine.selectors import reads

    if isinstance(value, Condition):
        value = value.value
    if value == "mana_value":
        return {"mana_cost"}
    if not isinstance(value, Expr):
        return set()
    out: set[str] = set()
    if value.base == "count":
        out |= reads(value.arg) | {"count"}
    elif value.base == "card_types_in_graveyards":
        out.add("types:*")
    elif value.base in ("power_of", "toughness_of"):
        out.add("pt")
    return out




def _freeze(value: Any, ctx: ValueContext, floor: bool) -> Any:
    return evaluate(value, ctx, floor=floor) if isinstance(value, Expr) or value in ("x", "event_amount",
                                                                                   "excess_damage") else value


def freeze_values(ops: Ops, ctx: ValueContext) -> Ops:
    """Replace every VALUE expression in the operations' parameters (the P/T pairs) by its current integer
    (CR 608.2h: values of a resolving spell are determined once), floored at 0 except for
    :data:`SIGNED_OPS` (CR 107.1b). ``mana_value`` stays per object."""
    out: dict[str, Any] = {}
    for name, p in ops.items():
        floor = name not in SIGNED_OPS
        if isinstance(p, PT):
            p = PT(_freeze(p.power, ctx, floor), _freeze(p.toughness, ctx, floor))
        else:
            p = _freeze(p, ctx, floor)
        out[name] = p
    return MappingProxyType(out)
