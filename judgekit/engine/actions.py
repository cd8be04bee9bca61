"""The scenario's actions (SCENARIO-FORMAT.md "Actions"): one table, action name -> handler.

A handler is ``handler(game, spec)`` with ``spec`` the action's value (a dict, ``True`` or ``"all"``). The
actions that move the game forward (combat declarations, damage, steps) first resolve the whole stack and
move forward to their step when it is earlier in the turn; an action for a step already past is refused.
To add an action: write its handler here (or in the module of its rules) and add one row to :data:`ACTIONS`.
An action that only looks at the state (``check``) has no handler: it is in :data:`OBSERVATIONS`, and the driver
hands the game to its observer there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judgekit.engine import combat, sba, stack, turn
from judgekit.engine.errors import IllegalAction, ScenarioProblem
from judgekit.engine.priority import priority_point, resolve, resolve_all, settle
from judgekit.engine.state import Game
from judgekit.engine.vocab import STEP_ORDER, Step

Handler = Callable[[Game, Any], None]


def _reach(game: Game, step: Step, action: str) -> None:
    """Move forward to ``step`` (through the beginning of combat), or refuse if it is already past."""
    settle(game)
    if STEP_ORDER.index(game.step) > STEP_ORDER.index(step):
        raise IllegalAction("driver.step_passed", rule="500.1", action=action, step=step.value,
                            now=game.step.value)
    if game.step != step:
        turn.advance_to(game, step)
        settle(game)


def declare_attackers(game: Game, spec: dict[str, str]) -> None:
    """``declare_attackers``: once per combat, from the beginning of combat (CR 507, 508.1)."""
    declared = combat.existing_combat(game)
    if declared is not None and declared.attackers_declared:
        raise IllegalAction("driver.attackers_already_declared", rule="508.1")
    _reach(game, Step.BEGINNING_OF_COMBAT, "declare_attackers")
    if isinstance(spec, list):
        spec = turn.attack_the_opponent(game, spec)
    combat.declare_attackers(game, spec)


def declare_blockers(game: Game, spec: dict[str, list[str]]) -> None:
    """``declare_blockers``: after the stack of the declare attackers step has resolved (CR 509.1)."""
    settle(game)
    combat.declare_blockers(game, spec)


def combat_damage(game: Game, spec: Any) -> None:
    """``combat_damage``: the next combat damage step of this combat (first strike, then regular, CR 510.4),
    stopping where the active player would receive priority in it (510.3). ``all``: every remaining damage
    step, resolving the stack after each, then the end of combat (511)."""
    settle(game)
    fight = game.combat
    if STEP_ORDER.index(game.step) > STEP_ORDER.index(Step.COMBAT_DAMAGE):
        raise ScenarioProblem("driver.combat_damage_passed")
    if fight is None or not isinstance(fight, combat.Combat) or not fight.attackers_declared:
        raise ScenarioProblem("driver.combat_damage_no_attackers")
    if not fight.declared:
        raise ScenarioProblem("driver.combat_damage_none_declared")
    if fight.regular_done:
        raise ScenarioProblem("driver.combat_damage_done")
    if game.step != Step.COMBAT_DAMAGE:
        turn.advance_to(game, Step.COMBAT_DAMAGE)
    else:
        combat.damage_step(game)
    if spec != "all":
        return
    priority_point(game)
    resolve_all(game)
    if not fight.regular_done:
        combat.damage_step(game)
        priority_point(game)
        resolve_all(game)
    turn.advance_to(game, Step.MAIN2)


ACTIONS: dict[str, Handler] = {
    "cast": stack.cast_action,
    "activate": stack.activate_action,
    "resolve": resolve,
    "declare_attackers": declare_attackers,
    "declare_blockers": declare_blockers,
    "assign_damage": combat.assign_damage,
    "combat_damage": combat_damage,
    "next_step": turn.next_step,
    "end_turn": turn.end_turn,
    "state_based_actions": sba.state_based_actions_action,
    "next_turn": turn.next_turn,
    "pass": turn.pass_priority,
    "play_land": turn.play_land,
}

# Actions that change nothing: the driver lets the layer above look at the state there (driver.Observer).
OBSERVATIONS: frozenset[str] = frozenset({"check"})
