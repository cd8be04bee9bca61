"""Running a scenario's actions: each through its handler, then a priority point (CR 117.5).

:func:`play` returns an :class:`Outcome`: the illegal action that stopped the replay, if any, and whether the
game ended (CR 104.1). A draw (every player lost at once, 104.4a, or a loop of mandatory actions, 104.4b,
see :mod:`judgekit.engine.priority`) shows every player with ``lost`` in the result. A mistake of the file
found while replaying (a bare ``resolve`` on an empty stack) is a :class:`ScenarioProblem` whose key starts
with ``("actions", index, action)``, or with ``("choices", ...)`` for an answer of ``choices`` that a decision
found wrong (a mode that doesn't exist).

An action of :data:`~judgekit.engine.actions.OBSERVATIONS` (``check``) changes nothing: the driver hands the
game, as it is at that point, to the :class:`Observer` the layer above gave :func:`play` (if any), and goes on.
The core does not know what the observer compares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from judgekit.engine.actions import ACTIONS, OBSERVATIONS
from judgekit.engine.errors import GameOver, IllegalAction, ScenarioProblem
from judgekit.engine.priority import priority_point
from judgekit.engine.state import Game


@dataclass
class Outcome:
    """How a replay ended: ``error`` is the illegal action that stopped it, ``game_over`` that a player lost."""

    error: IllegalAction | None = None
    game_over: bool = False


class Observer(Protocol):
    """Looks at the game where an observation action stands (``index``: its 0-based position); must not change
    it."""

    def __call__(self, game: Game, index: int) -> None: ...


def play(game: Game, actions: list[dict[str, Any]], observer: Observer | None = None) -> Outcome:
    """Run ``actions`` in order, each followed by a priority point; the first check happens before any.

    An observation action (``check``) is not followed by a priority point: every action already ends at one,
    so the state it shows is the one the previous action left."""
    outcome = Outcome()
    game.record("start", "driver.start", "117.3a", "500.1", active=game.active, step=game.step.value)
    current: tuple[str | int, ...] = ()
    done = 0
    try:
        priority_point(game)
        for i, action in enumerate(actions):
            kind = next(iter(action))
            current = ("actions", i, kind)
            game.action_key = ("actions", i)
            done = i + 1
            if kind in OBSERVATIONS:
                if observer is not None:
                    observer(game, i)
                continue
            ACTIONS[kind](game, action[kind])
            priority_point(game)
    except GameOver:
        outcome.game_over = True
        _report_game_over(game, len(actions) - done)
    except IllegalAction as exc:
        if not exc.key:
            exc.key = current
        outcome.error = exc
        game.record("error", "driver.illegal_action", *([exc.rule] if exc.rule else []), error=exc.code,
                    details=exc.params)
    except ScenarioProblem as exc:
        # A problem of an answer in ``choices`` names the answer's own key path, not the action's.
        key = exc.key if exc.key[:1] == ("choices",) else (*current, *exc.key)
        raise ScenarioProblem(exc.code, key, **exc.params) from None
    _unused_choices(game)
    return outcome


def _report_game_over(game: Game, skipped: int) -> None:
    """One step: who lost and why, and that the replay stops there (CR 104.1, 104.2a, 104.4a)."""
    losers = [p for p in game.players if p.lost]
    draw = len(losers) == len(game.players)
    loop = draw and all(p.loss_rule == "104.4b" for p in losers)
    if loop:
        rules = ["104.1", "104.4b"]
    elif draw:
        rules = ["104.1", "104.4a"]
    else:
        rules = ["104.1", "104.2a", *dict.fromkeys(p.loss_rule for p in losers if p.loss_rule)]
    params: dict[str, Any] = {
        "draw": draw, "losers": [{"name": p.name, "rule": p.loss_rule} for p in losers],
        "winners": [p.name for p in game.players if not p.lost], "stack": bool(game.stack),
        "pending": bool(game.pending), "skipped": skipped}
    if loop:
        params["loop"] = True
    if game.left:   # players who left the game earlier (800.4a): the end concerns those who remained
        params["left"] = [p.name for p in game.left]
    game.record("end", "driver.game_over", *rules, **params)


def _unused_choices(game: Game) -> None:
    """Scripted answers that no decision used are reported, never silently ignored (SCENARIO-FORMAT.md
    "Choices"): a key that served nothing, and the answers of a list left over after its source's decisions."""
    for key in game.chooser.unused():
        game.record("choice", "driver.unused_choice", key=key)
    for rest in game.chooser.leftover():
        game.record("choice", "driver.unused_answers", key=rest.key, first=rest.first, count=rest.count,
                    player=rest.player, ids=list(rest.ids))
