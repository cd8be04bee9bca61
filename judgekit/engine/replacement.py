"""Events proposed before they happen: the seat of replacement and prevention effects (CR 614-616).

A rule about to make something happen builds the event and calls :func:`propose`. Every replacement effect
that exists when the event would happen and watches for it may modify it or replace it (CR 614.1), each at
most once per event (614.5), one at a time until none applies (616.1); the event that comes out (or None, if
nothing happens) is what the rule then carries out and records with :meth:`Game.emit`.

The replacement effects in place today are one-use *shields* made by resolving spells and abilities:

- a prevention shield, "prevent the next N damage that would be dealt to X this turn" or all of it
  (CR 615.7); numeric shields on one holder add up and are used up as they prevent;
- a regeneration shield, "the next time X would be destroyed this turn, instead ..." (CR 701.19a): it
  replaces a ``destroy`` event (what regenerating does, tap it, remove its damage, remove it from combat,
  is carried out by the destruction rule that proposed it).

Shields last until the cleanup step (CR 514.2). Any other replacement effect is an object with
``applies(game, event)`` and ``apply(game, event)`` (:class:`Replacement`) in ``game.replacements``.

When several effects could apply to one event, the affected player, or the controller of the affected object
(its owner if it has none), chooses which one applies first (CR 616.1, 616.1e): a
:class:`~judgekit.engine.choices.ReplacementOrder` decision whose default is the oldest effect (an effect has the
timestamp it was created with, SCENARIO-FORMAT.md 2.2). After it applies, the event is checked again and the
choice is repeated among those still applicable (616.1f).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from judgekit.engine.choices import ReplacementOrder
from judgekit.engine.state import EventKind, Game, GameEvent, Ref


class Replacement(Protocol):
    """A replacement or prevention effect: which proposed events it watches for, and what it makes of them."""

    def applies(self, game: Game, event: GameEvent) -> bool: ...

    def apply(self, game: Game, event: GameEvent) -> GameEvent | None: ...


class ShieldKind(StrEnum):
    PREVENT_DAMAGE = "prevent_damage"
    REGENERATE = "regenerate"


@dataclass(eq=False)
class Shield:
    """A one-use replacement effect on ``holder`` (an object uid or a player name).

    ``amount`` is what a prevention shield can still prevent (None: all of the next damage). ``source`` is the id
    of the spell or ability source whose resolution created it (``choices.replacement_order`` names it),
    ``source_name`` its name, ``timestamp`` the one it was created with."""

    kind: ShieldKind
    holder: Ref
    amount: int | None = None
    source: str = ""
    source_name: str = ""
    timestamp: int = 0

    def _target(self, event: GameEvent) -> Ref | None:
        return event.player if event.player is not None else event.obj

    def applies(self, game: Game, event: GameEvent) -> bool:
        if self.kind == ShieldKind.PREVENT_DAMAGE:
            return event.kind == EventKind.DAMAGE and event.amount > 0 and self._target(event) == self.holder
        return event.kind == EventKind.DESTROY and event.obj == self.holder

    def apply(self, game: Game, event: GameEvent) -> GameEvent | None:
        """Prevention: the damage less what this shield prevents (CR 615.7); regeneration: nothing is destroyed
        (701.19a). A shield used up leaves the game's shields."""
        if self.kind == ShieldKind.REGENERATE:
            game.shields.remove(self)
            return None
        prevented = event.amount if self.amount is None else min(self.amount, event.amount)
        if self.amount is not None:
            self.amount -= prevented
        if self.amount is None or self.amount == 0:
            game.shields.remove(self)
        return dataclasses.replace(event, amount=event.amount - prevented)


def replacements(game: Game) -> list[Replacement]:
    """The replacement effects that exist now, oldest first (the default order of SCENARIO-FORMAT.md 2.2): by
    ``timestamp``, effects created at the same time in the order they were created; effects without a timestamp
    come last, in the order they were added (``game.replacements``)."""
    found: list[Replacement] = [*game.shields, *game.replacements]
    return sorted(found, key=lambda r: (getattr(r, "timestamp", None) is None, getattr(r, "timestamp", 0) or 0))


def _source(r: Replacement) -> str:
    return str(getattr(r, "source", "") or "")


def _chooser_of(game: Game, event: GameEvent) -> tuple[str, Ref | None]:
    """Who chooses among effects that would modify ``event`` (CR 616.1): the affected player, or the affected
    object's controller (its owner if it has none); and what is affected."""
    if event.player is not None:
        return event.player, event.player
    obj = game.objects.get(event.obj) if event.obj is not None else None
    if obj is None:
        return game.active, None
    return obj.controller or obj.owner, obj.uid


def _first(game: Game, event: GameEvent, found: list[Replacement]) -> Replacement:
    """CR 616.1, 616.1e: the effect that applies first when several could; the choice is recorded."""
    player, affected = _chooser_of(game, event)
    sources = tuple(_source(r) for r in found)
    decision = game.chooser.choose(ReplacementOrder(player, sources))
    index = decision.value if isinstance(decision.value, int) and 0 <= decision.value < len(found) else 0
    chosen = found[index]
    game.record("choice", "effects.replacement_order", "616.1", "616.1e", player=player,
                affected=game.display(affected) if affected is not None else None,
                affected_is_player=isinstance(affected, str), event=str(event.kind),
                applied=str(getattr(chosen, "source_name", "") or _source(chosen)),
                others=[str(getattr(r, "source_name", "") or _source(r)) for r in found if r is not chosen],
                given=decision.given)
    return chosen


def propose(game: Game, event: GameEvent) -> GameEvent | None:
    """The event that happens instead of ``event``, or None if nothing happens (CR 614.1, 614.5, 616.1): each
    effect applies at most once; when several could apply, the affected player or controller chooses one
    (616.1e), then the event is checked again (616.1f)."""
    current: GameEvent | None = event
    used: list[Replacement] = []
    while current is not None:
        found = [r for r in replacements(game) if all(r is not u for u in used) and r.applies(game, current)]
        if not found:
            break
        chosen = found[0] if len(found) == 1 else _first(game, current, found)
        used.append(chosen)
        current = chosen.apply(game, current)
        game.touch()
    return current


def add_shield(game: Game, shield: Shield) -> None:
    game.shields.append(shield)
    game.touch()


def shields_on(game: Game, holder: Ref, kind: ShieldKind) -> list[Shield]:
    return [s for s in game.shields if s.holder == holder and s.kind == kind]


def propose_destruction(game: Game, uid: int) -> bool:
    """A permanent about to be destroyed: True if a replacement effect (regeneration) replaced the destruction."""
    return propose(game, GameEvent(EventKind.DESTROY, obj=uid)) is None


def end_shields(game: Game) -> bool:
    """CR 514.2: the shields of this turn end in the cleanup step. True if there were any."""
    had = bool(game.shields)
    game.shields.clear()
    if had:
        game.touch()
    return had
