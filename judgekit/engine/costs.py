"""Costs of activated abilities (CR 602.2b, 118): one table, cost kind -> how it is checked and paid.

Every cost of an ability is checked before any is paid (CR 601.2h, 602.2b: a cost is paid in full or not
at all): :func:`check` raises :class:`~judgekit.engine.errors.IllegalAction` naming the rule; :func:`pay`
then pays each in order and returns what was paid, as data for the ruling. To add a cost: a :class:`CostKind`
in :data:`COSTS`, its form in ``judgekit/scenario/models.py`` and ``specdata.cost``, its words in
``judgekit/render/narration/stack.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from judgekit.engine.errors import IllegalAction
from judgekit.engine.events import tapped_event
from judgekit.engine.specs import Cost
from judgekit.engine.state import Computed, EventKind, Game, GameEvent, GameObject


@dataclass
class Payer:
    """Who pays and with what: the ability's source (object and characteristics) and its controller."""

    game: Game
    source: GameObject
    chars: Computed
    controller: str
    sacrificed: bool = False


def _check_tap(p: Payer, cost: Cost) -> None:
    """{T}/{Q} (CR 602.2b): the permanent must be untapped/tapped; a creature's needs no summoning sickness
    (302.6) unless it has haste."""
    if cost.kind == "tap" and p.source.tapped:
        raise IllegalAction("stack.cost_tapped", rule="602.2b", card=p.chars.name)
    if cost.kind == "untap" and not p.source.tapped:
        raise IllegalAction("stack.cost_untapped", rule="602.2b", card=p.chars.name)
    if p.chars.is_creature and p.source.summoning_sick and not p.chars.has("haste"):
        raise IllegalAction("stack.cost_summoning_sick", rule="302.6", card=p.chars.name, player=p.controller,
                            cost=cost.kind)


def _pay_tap(p: Payer, cost: Cost) -> list[dict[str, Any]]:
    was = p.source.tapped
    p.source.tapped = cost.kind == "tap"
    if p.source.tapped and not was:
        tapped_event(p.game, p.source)
    return [{"cost": cost.kind, "card": p.chars.name}]


def _check_life(p: Payer, cost: Cost) -> None:
    """CR 119.4: a player can pay life only up to their life total."""
    life = p.game.player(p.controller).life
    if cost.amount > life:
        raise IllegalAction("stack.cost_life", rule="119.4", player=p.controller, life=life, amount=cost.amount)


def _pay_life(p: Payer, cost: Cost) -> list[dict[str, Any]]:
    player = p.game.player(p.controller)
    if cost.amount:
        player.life -= cost.amount
        p.game.emit(GameEvent(EventKind.LIFE_LOSS, player=p.controller, amount=cost.amount))
    return [{"cost": "pay_life", "amount": cost.amount, "life": player.life}]


def _check_loyalty(p: Payer, cost: Cost) -> None:
    """CR 606.6: a negative loyalty cost can't be paid with fewer loyalty counters."""
    have = p.source.counters.get("loyalty", 0)
    if have + cost.amount < 0:
        raise IllegalAction("stack.cost_loyalty", rule="606.6", card=p.chars.name, loyalty=have, amount=cost.amount)


def _pay_loyalty(p: Payer, cost: Cost) -> list[dict[str, Any]]:
    p.source.counters["loyalty"] = p.source.counters.get("loyalty", 0) + cost.amount
    return [{"cost": "loyalty", "amount": cost.amount}]


def _check_counters(p: Payer, cost: Cost) -> None:
    for kind, n in (cost.counters or {}).items():
        if p.source.counters.get(kind, 0) < n:
            raise IllegalAction("stack.cost_counters", rule="602.2b", card=p.chars.name, amount=n, counter=kind)


def _pay_counters(p: Payer, cost: Cost) -> list[dict[str, Any]]:
    paid = []
    for kind, n in (cost.counters or {}).items():
        p.source.counters[kind] -= n
        paid.append({"cost": "remove_counters", "amount": n, "counter": kind})
    return paid


def _pay_sacrifice(p: Payer, cost: Cost) -> list[dict[str, Any]]:
    """The source is sacrificed once the ability is on the stack (the caller moves it, CR 602.2b, 113.7a)."""
    p.sacrificed = True
    return []


def _no_check(p: Payer, cost: Cost) -> None:
    return None


@dataclass(frozen=True)
class CostKind:
    """How one kind of cost is checked and paid."""

    check: Callable[[Payer, Cost], None]
    pay: Callable[[Payer, Cost], list[dict[str, Any]]]


COSTS: dict[str, CostKind] = {
    "tap": CostKind(_check_tap, _pay_tap),
    "untap": CostKind(_check_tap, _pay_tap),
    "sacrifice_self": CostKind(_no_check, _pay_sacrifice),
    "pay_life": CostKind(_check_life, _pay_life),
    "loyalty": CostKind(_check_loyalty, _pay_loyalty),
    "remove_counters": CostKind(_check_counters, _pay_counters),
    # Mana is recorded, not tracked (SCENARIO-FORMAT "Abilities").
    "mana": CostKind(_no_check, lambda p, cost: [{"cost": "mana", "mana": cost.mana}]),
}


def check(payer: Payer, costs: tuple[Cost, ...]) -> None:
    """Every cost can be paid (CR 602.2b), or an IllegalAction says which can't."""
    for cost in costs:
        COSTS[cost.kind].check(payer, cost)


def pay(payer: Payer, costs: tuple[Cost, ...]) -> list[dict[str, Any]]:
    """Pay every cost in order; what was paid, as data."""
    paid: list[dict[str, Any]] = []
    for cost in costs:
        paid += COSTS[cost.kind].pay(payer, cost)
    if payer.sacrificed:
        paid.append({"cost": "sacrifice", "card": payer.chars.name})
    return paid
