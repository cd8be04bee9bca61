"""Priority (CR 117): the point where a player would receive priority, and resolving the stack.

:func:`priority_point` is reached after every action: state-based actions are checked and repeated until none
applies (CR 704.3), then waiting triggered abilities go on the stack in APNAP order (603.3b), and again until
nothing changes. :func:`resolve` resolves the top of the stack or, with ``"all"``, everything until the stack
is empty, with a priority point after each resolution (every player passes in succession, 117.3b, 117.3d).

A loop (CR 104.4b): ``resolve: all`` in which :data:`LOOP_RESOLUTIONS` resolutions each left the stack at
least as high as they found it (what they did put new objects on it), or that resolves :data:`MAX_RESOLUTIONS`
objects in all, is taken to be a loop (a real board never needs that many for one action; many triggers put
on the stack at once and then resolved one by one don't count). The repeating sequence of resolved spells and
abilities is found in the last ones resolved. If every one of them is mandatory, the game is a draw (104.4b):
every player is marked as having lost with ``loss_rule`` "104.4b" (the result has no separate draw field: a
game where every player has ``lost`` is a draw, as in 104.4a), a ``driver.mandatory_loop`` record shows the
repeating sequence and :class:`GameOver` ends the replay. If one of them is optional ("may", 603.5), a player
can break the loop: the replay stops with the illegal action ``driver.optional_loop``, asking for the choice.
"""

from __future__ import annotations

from typing import Any

from judgekit.engine import sba, triggers, verbs  # noqa: F401  (verbs: the verbs of 2.7 join the verb table)
from judgekit.engine.combat_removal import update_combat
from judgekit.engine.errors import GameOver, IllegalAction, ScenarioProblem
from judgekit.engine.stack import item_data, resolve_top
from judgekit.engine.state import Game, StackItem

# How many rounds of state-based actions and triggers one priority point may take before it is a loop.
MAX_ROUNDS = 500

# How many resolutions that refill the stack one ``resolve: all`` may take before it is a loop (CR 104.4b).
LOOP_RESOLUTIONS = 100

# How many spells and abilities one ``resolve: all`` may resolve in all before it is a loop.
MAX_RESOLUTIONS = 5000

# The longest repeating sequence of resolved spells and abilities looked for in a loop.
LOOP_WINDOW = 50


def priority_point(game: Game) -> None:
    """CR 117.5 / 704.3 / 603.3: state-based actions until none applies, then triggers on the stack.

    Whatever happened since the last check (a cost paid, a permanent that entered with a static ability) may
    have removed a permanent from combat (CR 506.4): that is seen to first, and again after each round.

    Raises :class:`GameOver` once a player has lost (CR 104.1: the game ends immediately; no player receives
    priority and no triggered ability is put on the stack)."""
    for _ in range(MAX_ROUNDS):
        if any(p.lost for p in game.players):
            raise GameOver
        update_combat(game)
        if sba.check(game):
            game.activity += 1
            continue
        triggers.collect(game)
        if game.pending:
            game.activity += 1
            triggers.put_on_stack(game)
            continue
        return
    raise IllegalAction("driver.endless_loop", rule="104.4b")


def resolve(game: Game, spec: Any) -> None:
    """``resolve`` (the top of the stack, CR 608.1) or ``resolve: all`` (until the stack is empty, with a
    priority point after each resolution, CR 117.3b)."""
    if spec == "all":
        resolved: list[StackItem] = []
        refilled = 0
        while game.stack:
            if refilled >= LOOP_RESOLUTIONS or len(resolved) >= MAX_RESOLUTIONS:
                _loop(game, resolved)
            height = len(game.stack)
            resolved.append(game.stack[-1])
            resolve_top(game)
            priority_point(game)
            if len(game.stack) >= height:
                refilled += 1
        return
    if not game.stack:
        raise ScenarioProblem("driver.resolve_empty_stack")
    resolve_top(game)


def resolve_all(game: Game) -> None:
    """Resolve until the stack is empty (everyone passes each time, CR 117.3d)."""
    resolve(game, "all")


def settle(game: Game) -> None:
    """A priority point, then the whole stack resolved: what the actions that move the game forward do first."""
    priority_point(game)
    resolve_all(game)


def _signature(item: StackItem) -> tuple[str, str, str, bool]:
    return (item.kind, item.id, item.source_name, item.optional)


def repeating(items: list[StackItem]) -> list[StackItem]:
    """The shortest sequence that the last resolved ``items`` repeat (at most :data:`LOOP_WINDOW` long), in
    the order they resolved; without one, the different spells and abilities among the last ones."""
    tail = items[-3 * LOOP_WINDOW:]
    sigs = [_signature(i) for i in tail]
    # What started the loop (a spell, an activation) resolved once at the beginning: look at the later part.
    start = len(sigs) // 3
    for period in range(1, min(LOOP_WINDOW, (len(sigs) - start) // 2) + 1):
        if all(sigs[i] == sigs[i + period] for i in range(start, len(sigs) - period)):
            return tail[-period:]
    distinct: dict[tuple[str, str, str, bool], StackItem] = {}
    for item in tail:
        distinct.setdefault(_signature(item), item)
    return list(distinct.values())


def _loop(game: Game, resolved: list[StackItem]) -> None:
    """CR 104.4b: a loop of mandatory actions is a draw; one with an optional action must be broken by the
    player who controls it (the replay stops and asks for that choice)."""
    cycle = repeating(resolved)
    data = [item_data(i) for i in cycle]
    ids = list(dict.fromkeys(i.id for i in cycle))
    optional = [i for i in cycle if i.optional]
    if optional:
        raise IllegalAction("driver.optional_loop", rule="104.4b", abilities=data, resolutions=len(resolved),
                            optional=[{"item": item_data(i), "id": i.id, "controller": i.controller}
                                      for i in optional])
    for p in game.players:
        p.lost = True
        p.loss_rule = "104.4b"
    game.record("end", "driver.mandatory_loop", "104.4b", objects=ids, abilities=data, resolutions=len(resolved),
                stack=len(game.stack))
    raise GameOver
