"""Costs of activated abilities (CR 602.2b, 118): one table, cost kind -> how it is checked and paid.

Every cost of an ability is checked before any is paid (CR 601.2h, 602.2b: a cost is paid in full or not
at all): :func:`check` raises :class:`~judgekit.engine.errors.IllegalAction` naming the rule; :func:`pay`
then pays each in order and returns what was paid, as data for the ruling. To add a cost: a :class:`CostKind`
in :data:`COSTS`, its form in ``judgekit/scenario/models.py`` and ``specdata.cost``, its words in
``judgekit/render/narration/stack.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from judgekit.engine.characteristics import all_chars
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.events import tapped_event
from judgekit.engine.selectors import SelectorContext, select
from judgekit.engine.specs import ActivatedSpec, Cost
from judgekit.engine.state import Computed, EventKind, Game, GameEvent, GameObject
from judgekit.engine.steps import sorcery_timing_problems
from judgekit.engine.vocab import ACTIVATED_KEYWORD_RE, COLOR_SYMBOL, Zone

# The main phases (CR 505), where sorcery-speed actions happen.


@dataclass
class Payer:
    """Who pays and with what: the ability's source (object and characteristics) and its controller.

    ``chosen`` holds the ids a ``cast`` or ``activate`` action lists to pay the costs of SCENARIO-FORMAT.md 2.7
    (2.8, Cost choices: ``sacrifice``, ``discard``, ``tap``, ``exile``); :func:`check` shares them out among the
    costs (``portions``, by the cost's index), and :func:`pay` puts the objects that paid in ``paid`` (their
    uids as they were when paid: a moved object keeps its last known information, 608.2h). ``spell`` says that
    the costs are a spell's (CR 601.2h) rather than an ability's (602.2b)."""

    game: Game
    source: GameObject
    chars: Computed
    controller: str
    sacrificed: bool = False
    chosen: Mapping[str, Sequence[str]] = field(default_factory=dict)
    spell: bool = False
    portions: dict[int, list[GameObject]] = field(default_factory=dict)
    paid: list[int] = field(default_factory=list)
    index: int = 0

    @property
    def rule(self) -> str:
        return "601.2h" if self.spell else "602.2b"


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


# ------------------------------------------------------------------------------------------------------
# Costs that name other objects (SCENARIO-FORMAT.md 2.7, Costs): the action lists the objects that pay.

# The action key that lists what pays each such cost (2.8, Cost choices).
CHOICE_KEYS = {"sacrifice": "sacrifice", "discard": "discard", "tap_untapped": "tap", "exile_from_graveyard": "exile"}


def _candidates(p: Payer, cost: Cost) -> list[GameObject]:
    """Every object that could pay ``cost`` now, in timestamp order."""
    game = p.game
    views = all_chars(game)
    if cost.kind == "discard":
        found = [o for o in game.in_zone(Zone.HAND, p.controller) if o.uid != p.source.uid]
    else:
        ctx = SelectorContext(you=p.controller, source=p.source.uid, ids=game.ids,
                              players=tuple(pl.name for pl in game.players))
        picked = select(cost.selector, [v for v in views.values() if game.objects[v.uid].current], ctx)
        found = [game.objects[u] for u in picked]
        if cost.kind == "exile_from_graveyard":
            found = [o for o in found if o.zone == Zone.GRAVEYARD and (cost.owner_given or o.owner == p.controller)]
        else:
            found = [o for o in found if o.zone == Zone.BATTLEFIELD and views[o.uid].controller == p.controller]
        if cost.kind == "tap_untapped":
            found = [o for o in found if not o.tapped]
    found.sort(key=lambda o: (o.timestamp, o.seq, o.uid))
    return found


def _power(p: Payer, objs: Sequence[GameObject]) -> int:
    views = all_chars(p.game)
    return sum(max(0, views[o.uid].power or 0) for o in objs)


def _check_chosen(p: Payer, cost: Cost) -> None:
    """The objects listed for ``cost`` can pay it (CR 601.2h, 602.2b): an unpayable cost, a listed object that
    can't pay, or a wrong number of them is an illegal action."""
    key = CHOICE_KEYS[cost.kind]
    able = _candidates(p, cost)
    card = p.chars.name
    if cost.total_power is not None:
        if _power(p, able) < cost.total_power:
            raise IllegalAction("costs.unpayable", rule=p.rule, card=card, cost=cost.kind, spell=p.spell,
                                power=cost.total_power, count=0, have=_power(p, able), player=p.controller)
    elif len(able) < cost.count:
        raise IllegalAction("costs.unpayable", rule=p.rule, card=card, cost=cost.kind, spell=p.spell,
                            count=cost.count, power=None, have=len(able), player=p.controller)
    listed = p.portions.get(p.index)
    if listed is None:
        raise ScenarioProblem("costs.choice_missing", (key,), card=card, field=key, cost=cost.kind,
                              count=cost.count, power=cost.total_power, spell=p.spell)
    for o in listed:
        if o not in able:
            raise IllegalAction("costs.cannot_pay_with", rule=p.rule, card=card, cost=cost.kind, spell=p.spell,
                                object=o.card.name, id=o.id, zone=str(o.zone), tapped=o.tapped,
                                player=p.controller, count=cost.count, power=cost.total_power)
        if cost.kind == "tap_untapped" and o.uid == p.source.uid and p.chars.is_creature \
                and o.summoning_sick and not p.chars.has("haste"):
            raise IllegalAction("stack.cost_summoning_sick", rule="302.6", card=card, player=p.controller,
                                cost="tap")
    if cost.total_power is not None:
        if _power(p, listed) < cost.total_power:
            raise IllegalAction("costs.not_enough_power", rule=p.rule, card=card, spell=p.spell,
                                power=cost.total_power, have=_power(p, listed), objects=[o.card.name for o in listed])
    elif len(listed) != cost.count:
        raise IllegalAction("costs.wrong_count", rule=p.rule, card=card, cost=cost.kind, spell=p.spell,
                            count=cost.count, power=None, listed=len(listed))


def _pay_chosen(p: Payer, cost: Cost) -> list[dict[str, Any]]:
    """Sacrifice (701.21a), discard (701.9a), tap or exile (406.2) the objects listed for ``cost``; they are
    ``paid`` as they were when paid."""
    from judgekit.engine.effects import pay_with

    objs = p.portions.get(p.index) or []
    names = [o.card.name for o in objs]
    p.paid += [o.uid for o in objs]
    pay_with(p.game, cost.kind, objs, p.controller)
    kind = "sacrifice_chosen" if cost.kind == "sacrifice" else cost.kind
    return [{"cost": kind, "cards": names, "objects": [o.id for o in objs]}]


def share_out(payer: Payer, costs: Sequence[Cost]) -> None:
    """Share the ids the action lists out among ``costs`` in order (each takes ``count``; a ``total_power`` cost
    takes the rest): ``payer.portions``. An id that is not an object, or one listed where no cost of the action
    takes it, is a problem of the file."""
    game = payer.game
    lists: dict[str, list[GameObject]] = {}
    for key, ids in payer.chosen.items():
        objs = []
        for j, oid in enumerate(ids):
            if oid not in game.ids:
                raise ScenarioProblem("stack.unknown_object", (key, j), id=oid)
            objs.append(game.obj(oid))
        lists[key] = objs
    for i, cost in enumerate(costs):
        wanted = CHOICE_KEYS.get(cost.kind)
        if wanted is None or wanted not in lists:
            continue
        left = lists[wanted]
        take = len(left) if cost.total_power is not None else cost.count
        payer.portions[i] = left[:take]
        lists[wanted] = left[take:]
    for key, left in lists.items():
        if left:
            raise ScenarioProblem("costs.not_a_cost", (key,), card=payer.chars.name, field=key,
                                  objects=[o.card.name for o in left], spell=payer.spell)


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
    "sacrifice": CostKind(_check_chosen, _pay_chosen),
    "discard": CostKind(_check_chosen, _pay_chosen),
    "tap_untapped": CostKind(_check_chosen, _pay_chosen),
    "exile_from_graveyard": CostKind(_check_chosen, _pay_chosen),
}


def check(payer: Payer, costs: tuple[Cost, ...]) -> None:
    """Every cost can be paid (CR 601.2h, 602.2b), or an IllegalAction says which can't."""
    share_out(payer, costs)
    for i, cost in enumerate(costs):
        payer.index = i
        COSTS[cost.kind].check(payer, cost)


def pay(payer: Payer, costs: tuple[Cost, ...]) -> list[dict[str, Any]]:
    """Pay every cost in order; what was paid, as data."""
    paid: list[dict[str, Any]] = []
    for i, cost in enumerate(costs):
        payer.index = i
        paid += COSTS[cost.kind].pay(payer, cost)
    if payer.sacrificed:
        paid.append({"cost": "sacrifice", "card": payer.chars.name})
    return paid


# ------------------------------------------------------------------------------------------------------
# Activated keyword abilities (SCENARIO-FORMAT.md 2.7, Keywords; 2.8, Activating by keyword)


def cost_choices(action: Mapping[str, Any]) -> dict[str, list[str]]:
    """The ids a ``cast`` or ``activate`` action lists to pay costs (2.8): ``sacrifice``, ``discard``, ``tap``,
    ``exile``."""
    return {key: list(action[key]) for key in CHOICE_KEYS.values() if action.get(key) is not None}


@lru_cache(maxsize=64)
def _keyword_spec(keyword: str) -> ActivatedSpec | None:
    """The activated ability an activated keyword stands for.

    - ``equip_<N>`` (702.6a): "{N}: Attach to target creature you control. Activate only as a sorcery."
    - ``crew_<N>`` (702.122a): "Tap any number of other untapped creatures you control with total power N or
      more: This permanent becomes an artifact creature until end of turn." Its power and toughness are the
      printed ones (301.7)."""
    from judgekit.engine import specdata

    m = ACTIVATED_KEYWORD_RE.match(keyword)
    if m is None:
        return None
    name, n = m.group(1), int(m.group(2))
    if name == "equip":
        return ActivatedSpec(cost=(specdata.cost({"mana": f"{{{n}}}"}),),
                             target=specdata.selector({"types": ["Creature"], "controller": "you"}),
                             effect=specdata.effects([{"attach": True, "to": "target"}]), timing="sorcery",
                             keyword="equip")
    crew = {"types": ["Creature"], "controller": "you", "other": True}
    return ActivatedSpec(cost=(specdata.cost({"tap_untapped": crew, "total_power": n}),),
                         effect=specdata.effects([{"add_types": ["Artifact", "Creature"], "duration": "end_of_turn",
                                                   "to": "self"}]), keyword="crew")


def keyword_ability(c: Computed, name: str) -> ActivatedSpec | None:
    """The ability of ``c``'s first keyword ``<name>_<N>`` (``crew``, ``equip``), or None if it has none."""
    for kw in c.keywords:
        m = ACTIVATED_KEYWORD_RE.match(kw)
        if m is not None and m.group(1) == name:
            return _keyword_spec(kw)
    return None


def sorcery_timing(game: Game, who: str, card: str, keyword: str | None) -> None:
    """``timing: sorcery`` (CR 602.5d; equip, 702.6a): only by the active player, in a main phase of their turn,
    with an empty stack."""
    reasons = sorcery_timing_problems(game, who)
    if reasons:
        raise IllegalAction("costs.sorcery_timing", rule="602.5d", card=card, player=who, keyword=keyword,
                            keyword_rule="702.6a" if keyword == "equip" else None, active=game.active,
                            step=game.step.value, reasons=reasons)


# ------------------------------------------------------------------------------------------------------
# A spell's costs: additional costs (601.2f-h) and convoke (702.51)

_SYMBOL_RE = re.compile(r"\{([^}]+)\}")


@dataclass
class SpellPayment:
    """What a ``cast`` action pays beyond mana: its additional costs (``payer``) and the creatures that convoke,
    each with the symbol it pays for (``convoke``)."""

    payer: Payer
    costs: tuple[Cost, ...]
    convoke: list[tuple[GameObject, str]] = field(default_factory=list)


def _slots(mana: str, x: int) -> list[tuple[str, frozenset[str]]]:
    """The symbols of a total cost one by one: (symbol, the colours a convoking creature needs to pay for it;
    empty for a generic {1}). {C} and {S} can't be convoked: they are left out of what a creature may pay."""
    out: list[tuple[str, frozenset[str]]] = []
    for sym in _SYMBOL_RE.findall(mana):
        if sym.isdigit():
            out += [("{1}", frozenset())] * int(sym)
        elif sym == "X":
            out += [("{1}", frozenset())] * x
        elif sym in ("C", "S"):
            out.append((f"{{{sym}}}", frozenset({"-"})))
        else:
            colors = frozenset(COLOR_SYMBOL[part] for part in sym.split("/") if part in COLOR_SYMBOL)
            out.append((f"{{{sym}}}", colors))
    return out


def _match(creatures: list[tuple[GameObject, frozenset[str]]],
           slots: list[tuple[str, frozenset[str]]]) -> dict[int, int] | None:
    """Each creature matched to a different symbol it can pay for (702.51a), creature index -> symbol index, or
    None if they can't all be matched (augmenting paths: the numbers are small)."""
    owner: dict[int, int] = {}

    def fits(ci: int, si: int) -> bool:
        need = slots[si][1]
        return not need or bool(need & creatures[ci][1])

    # A creature tries the coloured symbols first, so that it pays one of its colour where it can.
    order = sorted(range(len(slots)), key=lambda si: not slots[si][1])

    def place(ci: int, seen: set[int]) -> bool:
        for si in order:
            if si in seen or not fits(ci, si):
                continue
            seen.add(si)
            if si not in owner or place(owner[si], seen):
                owner[si] = ci
                return True
        return False

    for ci in range(len(creatures)):
        if not place(ci, set()):
            return None
    return {ci: si for si, ci in owner.items()}


def check_spell(game: Game, obj: GameObject, c: Computed, caster: str, action: Mapping[str, Any],
                x: int) -> SpellPayment:
    """Check a spell's additional costs (601.2f-h) and the creatures it convokes (702.51a) before anything is
    paid. The ``tap`` list pays the spell's ``tap_untapped`` costs first; the rest convoke."""
    chosen = cost_choices(action)
    convoking: list[str] = []
    costs = c.additional_cost
    if "tap" in chosen and c.has("convoke"):
        taken = sum(cost.count for cost in costs if cost.kind == "tap_untapped" and cost.total_power is None)
        chosen["tap"], convoking = chosen["tap"][:taken], chosen["tap"][taken:]
        if not chosen["tap"]:
            del chosen["tap"]
    payer = Payer(game, obj, c, caster, chosen=chosen, spell=True)
    check(payer, costs)
    payment = SpellPayment(payer, costs)
    if convoking:
        payment.convoke = _check_convoke(game, c, caster, convoking, x)
    return payment


def _check_convoke(game: Game, c: Computed, caster: str, ids: list[str], x: int) -> list[tuple[GameObject, str]]:
    """CR 702.51a: each listed creature is an untapped creature its caster controls, listed once, and the
    creatures can be matched one to one with symbols of the total cost (mana cost with X, plus additional
    costs)."""
    views = all_chars(game)
    creatures: list[tuple[GameObject, frozenset[str]]] = []
    for oid in ids:
        if oid not in game.ids:
            raise ScenarioProblem("stack.unknown_object", ("tap",), id=oid)
        o = game.obj(oid)
        v = views.get(o.uid)
        reason = None
        if not o.current or o.zone != Zone.BATTLEFIELD or v is None or not v.is_creature:
            reason = "not_creature"
        elif v.controller != caster:
            reason = "not_yours"
        elif o.tapped:
            reason = "tapped"
        elif any(o is other for other, _ in creatures):
            reason = "twice"
        if reason is not None:
            raise IllegalAction("costs.convoke_creature", rule="702.51a", card=c.name, object=o.card.name,
                                reason=reason, player=caster)
        creatures.append((o, frozenset(v.colors) if v is not None else frozenset()))
    total = (c.mana_cost or "") + "".join(cost.mana or "" for cost in c.additional_cost if cost.kind == "mana")
    slots = _slots(total, x)
    matched = _match(creatures, slots)
    if matched is None:
        raise IllegalAction("costs.convoke_unmatched", rule="702.51a", card=c.name, cost=total,
                            creatures=[{"name": o.card.name, "colors": sorted(colors)} for o, colors in creatures])
    return [(o, slots[matched[i]][0]) for i, (o, _colors) in enumerate(creatures)]


def pay_spell(payment: SpellPayment) -> list[dict[str, Any]]:
    """Pay a spell's additional costs and tap the creatures that convoke (601.2h, 702.51a); what was paid."""
    payer = payment.payer
    paid = pay(payer, payment.costs)
    if payment.convoke:
        for o, _sym in payment.convoke:
            o.tapped = True
            tapped_event(payer.game, o)
            payer.paid.append(o.uid)
        payer.game.touch()
        paid.append({"cost": "convoke", "cards": [o.card.name for o, _ in payment.convoke],
                     "symbols": [sym for _, sym in payment.convoke], "objects": [o.id for o, _ in payment.convoke]})
    return paid
