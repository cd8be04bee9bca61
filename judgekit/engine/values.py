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
from collections.abc import Mapping
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
    # The amount of the event an ``instead`` replaces (SCENARIO-FORMAT.md 2.3, ``event_amount``).
    event_amount: int = 0
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


def _pt_of(ref: str, which: str, ctx: ValueContext) -> int:
    if ref == "paid":
        # Several objects add up; each one that has left its zone is read as it last existed (608.2h, 2.7).
        return sum(_uid_pt(uid, which, ctx) for uid in ctx.paid)
    return _uid_pt(_ref_uid(ref, ctx), which, ctx)


def _uid_pt(uid: int | None, which: str, ctx: ValueContext) -> int:
    if uid is None:
        return 0
    obj = ctx.game.objects.get(uid)
    if obj is not None and not obj.current:
        lki = obj.lki
        value = getattr(lki, which, None) if lki is not None else None
        return int(value or 0)
    view = ctx.views.get(uid)
    value = getattr(view, which, None) if view is not None else None
    return int(value or 0)


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
        who = _player(arg, ctx)
        return sum(1 for o in ctx.game.objects.values() if o.current and o.zone == Zone.HAND and o.owner == who)
    if base == "life":
        who = _player(arg, ctx)
        try:
            return ctx.game.player(who).life
        except KeyError:
            return 0
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
    return evaluate(value, ctx, floor=floor) if isinstance(value, Expr) or value in ("x", "event_amount") else value


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
