"""Events proposed before they happen: the seat of replacement and prevention effects (CR 614-616).

A rule about to deal damage or destroy a permanent first proposes the event here; the effects that watch for
it may change it or replace it (CR 614.1), each at most once per event (614.5), and only then does it happen
and get recorded. The effects in place today are one-use *shields* made by resolving spells and abilities:

- a prevention shield, "prevent the next N damage that would be dealt to X this turn" or all of it
  (CR 615.7); numeric shields on one holder add up and are used up as they prevent;
- a regeneration shield, "the next time X would be destroyed this turn, instead ..." (CR 701.19a).

Shields last until the cleanup step (CR 514.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from judgekit.engine.state import Game, Ref


class ShieldKind(StrEnum):
    PREVENT_DAMAGE = "prevent_damage"
    REGENERATE = "regenerate"


@dataclass
class Shield:
    """A one-use replacement effect on ``holder`` (an object uid or a player name).

    ``amount`` is what a prevention shield can still prevent (None: all of the next damage)."""

    kind: ShieldKind
    holder: Ref
    amount: int | None = None


def add_shield(game: Game, shield: Shield) -> None:
    game.shields.append(shield)
    game.touch()


def shields_on(game: Game, holder: Ref, kind: ShieldKind) -> list[Shield]:
    return [s for s in game.shields if s.holder == holder and s.kind == kind]


def propose_damage(game: Game, target: Ref, amount: int) -> int:
    """Damage about to be dealt to ``target``: how much of ``amount`` prevention shields prevent (CR 615.7).

    A shield that prevents all damage is used up by the next damage event; numeric shields prevent up to what
    they have left, together, and keep the rest."""
    if amount <= 0:
        return 0
    everything = [s for s in shields_on(game, target, ShieldKind.PREVENT_DAMAGE) if s.amount is None]
    if everything:
        game.shields.remove(everything[0])
        game.touch()
        return amount
    prevented = 0
    for shield in shields_on(game, target, ShieldKind.PREVENT_DAMAGE):
        if prevented >= amount:
            break
        assert shield.amount is not None
        used = min(shield.amount, amount - prevented)
        shield.amount -= used
        prevented += used
        if shield.amount == 0:
            game.shields.remove(shield)
    if prevented:
        game.touch()
    return prevented


def propose_destruction(game: Game, uid: int) -> bool:
    """A permanent about to be destroyed: True if a regeneration shield replaces the destruction (CR 701.19a);
    the shield is used up. What regenerating does (tap, remove damage, leave combat) is the caller's."""
    found = shields_on(game, uid, ShieldKind.REGENERATE)
    if not found:
        return False
    game.shields.remove(found[0])
    game.touch()
    return True


def end_shields(game: Game) -> bool:
    """CR 514.2: the shields of this turn end in the cleanup step. True if there were any."""
    had = bool(game.shields)
    game.shields.clear()
    if had:
        game.touch()
    return had
