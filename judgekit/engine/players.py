"""Games of two to four players (SCENARIO-FORMAT.md 2.9): a player who loses leaves the game (CR 800.4a).

``game.players`` holds the players still in the game, in turn order; :func:`leave` moves a player who has lost
to ``game.left`` (``game.seats`` keeps every player's place in turn order). Everything that looks at
``game.players`` (opponents, player selectors, counts, default targets, choices among players, APNAP order)
therefore counts only the players still in the game (800.4).

A loss that ends the game (one player left, CR 104.2a, or none, 104.4a) makes nobody leave: the state-based
action check that made them lose is the final state (:mod:`judgekit.engine.sba`, :class:`GameOver`).
"""

from __future__ import annotations

from judgekit.engine.characteristics import chars
from judgekit.engine.objects import move_to
from judgekit.engine.state import Game, GameObject
from judgekit.engine.vocab import Zone


def ends_game(game: Game) -> bool:
    """Whether the players who have just lost end the game: fewer than two players would remain (CR 104.2a,
    104.4a). Then nobody leaves."""
    return sum(1 for p in game.players if not p.lost) < 2


def leave(game: Game, names: list[str]) -> None:
    """CR 800.4a: the players ``names`` leave the game, all at once (the caller opens the simultaneous event).

    In this order: the objects they own leave the game (``zone: gone``); the effects that give them control of
    objects end; the spells and abilities they control on the stack that are not cards cease to exist; every
    object they still control is exiled. Their life and poison stay as they were; they have no hand and no
    library any more (the cards were theirs and have left the game)."""
    leaving = set(names)
    for name in names:
        game.record("players", "players.leaves", "104.5", "800.4a", player=name, active=name == game.active)
    game.left.extend(p for p in game.players if p.name in leaving)
    game.players = [p for p in game.players if p.name not in leaving]
    game.touch()
    owned = [o for o in game.objects.values() if o.current and o.owner in leaving and o.zone != Zone.GONE]
    owned.sort(key=lambda o: (o.timestamp, o.seq, o.uid))
    for obj in owned:
        if obj.current and obj.zone != Zone.GONE:
            _gone(game, obj)
    for name in names:
        # The unknown cards of their library, never made objects, leave with the rest (SCENARIO-FORMAT.md 2.6).
        lib = game.libraries.get(name)
        if lib is not None:
            lib.cards = []
    if owned:
        game.record("players", "players.owned_gone", "800.4a", players=names, objects=[o.id for o in owned],
                    names=[o.card.name for o in owned])
    ended = [e for e in game.effects if e.ops.get("control") is not None
             and (e.ops["control"] in leaving or (e.ops["control"] == "you" and e.controller in leaving))]
    if ended:
        game.effects = [e for e in game.effects if e not in ended]
        game.touch()
        game.record("players", "players.control_ends", "800.4a", players=names,
                    sources=[e.source_name for e in ended])
    ceased = [item for item in game.stack if item.controller in leaving
              and (item.object_uid is None or game.objects[item.object_uid].token)]
    if ceased:
        game.stack = [item for item in game.stack if item not in ceased]
        for item in ceased:
            if item.object_uid is not None:
                game.objects[item.object_uid].zone = Zone.GONE
        game.touch()
        game.record("players", "players.stack_ceases", "800.4a", players=names,
                    items=[item.source_name for item in ceased])
    still: list[GameObject] = []
    for obj in list(game.objects.values()):
        if obj.current and obj.zone in (Zone.BATTLEFIELD, Zone.STACK) and chars(game, obj).controller in leaving:
            still.append(obj)
    still.sort(key=lambda o: (o.timestamp, o.seq, o.uid))
    for obj in still:
        if obj.current:
            move_to(game, obj, Zone.EXILE)
    if still:
        game.record("players", "players.controlled_exiled", "800.4a", players=names,
                    objects=[o.id for o in still], names=[o.card.name for o in still])


def _gone(game: Game, obj: GameObject) -> None:
    """An object leaves the game with its owner (CR 800.4a): a new object in no zone (``zone: gone``)."""
    if obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
        new = move_to(game, obj, Zone.GONE)
        if new is not obj:
            new.lki = obj.lki   # an object in no zone is reported as it last existed
        return
    obj.lki = obj.lki or chars(game, obj)
    obj.zone = Zone.GONE
    game.touch()
