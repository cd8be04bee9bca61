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
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

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

    ``amount`` is what a prevention shield can still prevent (None: all of the next damage)."""

    kind: ShieldKind
    holder: Ref
    amount: int | None = None

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
    """The replacement effects that exist now, in the order the replay applies them when several do: shields
    that prevent all damage first, then the other shields by age, then the other effects in the order they
    were added (``game.replacements``)."""
    shields = sorted(game.shields, key=lambda s: s.kind != ShieldKind.PREVENT_DAMAGE or s.amount is not None)
    return [*shields, *game.replacements]


def propose(game: Game, event: GameEvent) -> GameEvent | None:
    """The event that happens instead of ``event``, or None if nothing happens (CR 614.1, 614.5, 616.1)."""
    current: GameEvent | None = event
    used: list[Replacement] = []
    while current is not None:
        found = next((r for r in replacements(game) if all(r is not u for u in used) and r.applies(game, current)),
                     None)
        if found is None:
            break
        used.append(found)
        current = found.apply(game, current)
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
