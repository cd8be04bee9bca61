"""Priority (CR 117): the point where a player would receive priority, and resolving the stack.

:func:`priority_point` is reached after every action: state-based actions are checked and repeated until none
applies (CR 704.3), then waiting triggered abilities go on the stack in APNAP order (603.3b), and again until
nothing changes. :func:`resolve` resolves the top of the stack or, with ``"all"``, everything until the stack
is empty, with a priority point after each resolution (every player passes in succession, 117.3b, 117.3d).
"""

from __future__ import annotations

from typing import Any

from judgekit.engine import sba, triggers
from judgekit.engine.combat_removal import update_combat
from judgekit.engine.errors import GameOver, IllegalAction, ScenarioProblem
from judgekit.engine.stack import resolve_top
from judgekit.engine.state import Game

# How many rounds of state-based actions and triggers one priority point may take before it is a loop.
MAX_ROUNDS = 500


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
        while game.stack:
            resolve_top(game)
            priority_point(game)
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
