"""Removal from combat (CR 506.4), as soon as its cause exists.

A permanent is removed from combat if it leaves the battlefield, if its controller changes, if it's a
planeswalker or battle that's being attacked and stops being one, or if it's an attacking or blocking creature
that regenerates or stops being a creature (CR 506.4). A creature removed from combat stops being an
attacking, blocking, blocked and/or unblocked creature; a planeswalker or battle removed from combat stops
being attacked, and the creatures attacking it keep attacking, though nothing (506.4c). Removal is permanent
for this combat: a permanent that becomes a creature (or a planeswalker) again, or comes back under its
former controller, is not put back into combat. Each role is looked at on its own: a permanent that is both a
blocking creature and an attacked planeswalker keeps the role it still has (506.4d).

Leaving the battlefield and regenerating remove a creature where they happen (:func:`objects.move`,
:func:`effects.destroy`). Every other cause comes from the characteristics the layer system computes, which may
change after anything that happens; :func:`update_combat` compares them with combat and removes what no longer
belongs there. It is called wherever the game state settles after a change: as each simultaneous event ends
(every effect of a resolving spell or ability, every state-based-action check, CR 608.2c, 704.3), at every
priority point (costs paid, permanents entering and their static abilities), as continuous effects end, and
as combat steps begin.
"""

from __future__ import annotations

from typing import Any

from judgekit.engine.characteristics import chars, layer_result
from judgekit.engine.state import Computed, Game, Ref
from judgekit.engine.vocab import Zone


def label(game: Game, c: Computed) -> dict[str, Any]:
    """An object as the ruling names it: its name and id; ``shared`` when another permanent has the same name
    (the id then tells them apart)."""
    return {"name": c.name, "id": c.id, "shared": c.name in layer_result(game).shared_names()}


def name_of(game: Game, ref: Ref | None) -> dict[str, Any]:
    """A player (``{"player": name}``), or an object's label (:func:`label`)."""
    if isinstance(ref, int) and ref in game.objects:
        return label(game, chars(game, ref))
    if isinstance(ref, str):
        return {"player": ref}
    return {"name": game.display(ref), "id": None, "shared": False}


def on_battlefield(game: Game, uid: int) -> bool:
    o = game.objects.get(uid)
    return o is not None and o.current and o.zone == Zone.BATTLEFIELD


def defending_player(game: Game) -> str:
    """CR 506.2: in a two-player game the non-active player is the defending player. With more players (802.2a)
    the defending player of the first attacking creature, else the first opponent in turn order."""
    combat = game.combat
    if combat is not None and combat.defenders:
        for uid in combat.attackers:
            if uid in combat.defenders and game.is_player(combat.defenders[uid]):
                return combat.defenders[uid]
        for name in combat.defenders.values():
            if game.is_player(name):
                return name
    return game.opponent(game.active)


def defender_of(game: Game, attacker: int) -> str:
    """The defending player of an attacking creature (CR 508.5, 802.2a): the player it attacks, the controller of
    the planeswalker or the protector of the battle it attacks, as it was declared."""
    combat = game.combat
    if combat is not None and attacker in combat.defenders:
        return combat.defenders[attacker]
    return defending_player(game)


def _blocker_defender(game: Game, uid: int) -> str:
    """The defending player a blocking creature blocks for (802.4): that of the attackers it blocks."""
    combat = game.combat
    if combat is not None and combat.defenders:
        for att in combat.blockers.get(uid, []):
            if att in combat.defenders:
                return combat.defenders[att]
    return defending_player(game)


def _target_defender(game: Game, target: int) -> str:
    """The defending player of an attacked planeswalker or battle: that of the creatures attacking it."""
    combat = game.combat
    if combat is not None and combat.defenders:
        for att, t in combat.attackers.items():
            if t == target and att in combat.defenders:
                return combat.defenders[att]
    return defending_player(game)


def update_combat(game: Game) -> None:
    """CR 506.4: remove from combat, now, every creature and every attacked planeswalker or battle whose state
    no longer allows it to be there; each removal is recorded once, when it happens."""
    combat = game.combat
    if combat is None or game.frozen is not None or game.batch is not None:
        return          # no combat; or inside one simultaneous event, which checks as it ends
    if not combat.attackers and not combat.blockers:
        return
    for uid in list(combat.attackers):
        reason = _creature_reason(game, uid, game.active)
        if reason:
            del combat.attackers[uid]
            combat.blocked.discard(uid)
            game.record("combat", "combat.removed", "506.4", creature=name_of(game, uid), **reason)
    for uid in list(combat.blockers):
        reason = _creature_reason(game, uid, _blocker_defender(game, uid))
        if reason:
            del combat.blockers[uid]
            game.record("combat", "combat.removed", "506.4", creature=name_of(game, uid), **reason)
    attacked = dict.fromkeys(t for t in combat.attackers.values() if isinstance(t, int))
    for target in attacked:
        if target in combat.no_longer_attacked:
            continue
        reason = _attacked_reason(game, target, _target_defender(game, target))
        if reason:
            combat.no_longer_attacked.add(target)
            attackers = [a for a, t in combat.attackers.items() if t == target]
            game.record("combat", "combat.attacked_removed", "506.4", "506.4c", attacked=name_of(game, target),
                        attackers=[name_of(game, a) for a in attackers], **reason)


def is_attacked(game: Game, target: Ref) -> bool:
    """Whether what an attacker attacks is still attacked (CR 506.4, 506.4c): a player, or a planeswalker or
    battle not removed from combat."""
    if isinstance(target, str):
        return game.is_player(target)   # a player who has left the game is not dealt combat damage (800.4e)
    combat = game.combat
    if combat is not None and target in combat.no_longer_attacked:
        return False
    return _attacked_reason(game, target, _target_defender(game, target)) is None


def _creature_reason(game: Game, uid: int, controller: str) -> dict[str, Any] | None:
    """Why an attacking or blocking creature leaves combat (CR 506.4), as record parameters: ``reason`` and
    its new ``controller``."""
    if not on_battlefield(game, uid):
        return {"reason": "left_battlefield"}
    c = chars(game, uid)
    if not c.is_creature:
        return {"reason": "not_creature"}
    if c.controller != controller:
        return {"reason": "controller", "controller": c.controller}
    return None


def _attacked_reason(game: Game, uid: int, defender: str) -> dict[str, Any] | None:
    """Why an attacked planeswalker or battle leaves combat (CR 506.4): it left the battlefield, it is neither
    a planeswalker nor a battle any more, or its controller changed (a planeswalker no longer controlled by the
    defending player, a battle no longer protected by them, CR 310.8b)."""
    if not on_battlefield(game, uid):
        return {"reason": "left_battlefield"}
    c = chars(game, uid)
    if c.is_type("Planeswalker"):
        if c.controller != defender:
            return {"reason": "controller", "controller": c.controller}
        return None
    if c.is_type("Battle"):
        if c.controller is None or defender not in game.opponents(c.controller):
            return {"reason": "controller", "controller": c.controller}
        return None
    return {"reason": "not_attackable"}
