"""VALUE expressions (SCENARIO-FORMAT.md "VALUE") and mana values (CR 202.3).

A VALUE is an int, ``mana_value`` (of the affected object), or a dict with one base key
(``count``, ``card_types_in_graveyards``, ``hand_size``, ``life``, ``power_of``, ``toughness_of``) and the
modifiers ``times``, ``plus``, ``negate``. ``power_of``/``toughness_of`` of an object that has left its
zone use last known information (CR 608.2h).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judgekit.engine.selectors import SelectorContext, is_player_selector, select, select_players
from judgekit.engine.state import Game, Ref
from judgekit.engine.vocab import COLOR_SYMBOL, Zone

_SYMBOL_RE = re.compile(r"\{([^}]+)\}")


def mana_value(cost: str | None) -> int:
    """CR 202.3: total of the mana cost; hybrid counts its largest part, X counts 0, Phyrexian 1."""
    if not cost:
        return 0
    total = 0
    for sym in _SYMBOL_RE.findall(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym == "X":
            continue
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
    uid = _ref_uid(ref, ctx)
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


def base_value(spec: dict[str, Any], ctx: ValueContext) -> int:
    if spec.get("count") is not None:
        selector = spec["count"]
        if is_player_selector(selector):
            return len(select_players(selector, ctx.sel))
        return len(select(selector, ctx.views.values(), ctx.sel))
    if spec.get("card_types_in_graveyards"):
        kinds: set[str] = set()
        for view in ctx.views.values():
            if view.zone == Zone.GRAVEYARD:
                kinds.update(view.types)
        return len(kinds)
    if spec.get("hand_size") is not None:
        who = _player(spec["hand_size"], ctx)
        return sum(1 for o in ctx.game.objects.values() if o.current and o.zone == Zone.HAND and o.owner == who)
    if spec.get("life") is not None:
        who = _player(spec["life"], ctx)
        try:
            return ctx.game.player(who).life
        except KeyError:
            return 0
    if spec.get("power_of") is not None:
        return _pt_of(spec["power_of"], "power", ctx)
    if spec.get("toughness_of") is not None:
        return _pt_of(spec["toughness_of"], "toughness", ctx)
    return 0


def _player(ref: str, ctx: ValueContext) -> str:
    if ref == "you":
        return ctx.sel.you or ""
    if ref == "opponent":
        return ctx.sel.opponent() or ""
    return ref


def evaluate(value: Any, ctx: ValueContext) -> int:
    """The integer a VALUE stands for, now."""
    if value is None:
        return 0
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if value == "mana_value":
        view = ctx.affected
        return mana_value(getattr(view, "mana_cost", None)) if view is not None else 0
    if isinstance(value, dict):
        n = base_value(value, ctx)
        if value.get("times") is not None:
            n *= int(value["times"])
        if value.get("plus") is not None:
            n += int(value["plus"])
        if value.get("negate"):
            n = -n
        return n
    return 0


def value_reads(value: Any) -> set[str]:
    """Characteristics a VALUE looks at (for the dependency pre-check of CR 613.8a)."""
    from judgekit.engine.selectors import reads

    if value == "mana_value":
        return {"mana_cost"}
    if not isinstance(value, dict):
        return set()
    out: set[str] = set()
    if value.get("count") is not None:
        out |= reads(value["count"]) | {"count"}
    if value.get("card_types_in_graveyards"):
        out.add("types:*")
    if value.get("power_of") is not None or value.get("toughness_of") is not None:
        out.add("pt")
    return out


def is_constant(value: Any) -> bool:
    return value is None or isinstance(value, int)


def freeze_values(spec: Any, ctx: ValueContext) -> Any:
    """Replace every VALUE dict in an operation by its current integer (CR 608.2h: values of a resolving
    spell are determined once). ``mana_value`` stays per object."""
    if isinstance(spec, dict):
        if set(spec) & {"count", "card_types_in_graveyards", "hand_size", "life", "power_of", "toughness_of"} and \
                not set(spec) - {"count", "card_types_in_graveyards", "hand_size", "life", "power_of", "toughness_of",
                                 "times", "plus", "negate"}:
            return evaluate(spec, ctx)
        return {k: freeze_values(v, ctx) for k, v in spec.items()}
    if isinstance(spec, list):
        return [freeze_values(v, ctx) for v in spec]
    return spec


def color_of_symbols(symbols: list[str]) -> list[str]:
    return [COLOR_SYMBOL[s] for s in symbols if s in COLOR_SYMBOL]
