"""Benchmark: a large combat replayed in-process (CR 508-510).

50 attackers and 100 blockers, each attacker blocked by two blockers; some attackers have trample, first
strike or double strike, some blockers deathtouch or first strike. The scenario is generated as text and
loaded with the scenario loader; the combat actions are then run through the engine's handlers, timing:

- legality: declaring attackers and blockers (every restriction checked);
- damage: every combat damage step (assignment, damage, state-based actions and triggers).

The same combat is then replayed with three replacement effects on the battlefield (damage doubled, 1 damage
prevented from each event to Bruno's creatures, creatures exiled instead of dying: CR 614-616), to show what
proposing every event to them costs. Prints the median of several runs (milliseconds). Usage:
``python benchmarks/combat.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

ATTACKERS = 50
BLOCKERS_PER_ATTACKER = 2


# Three replacement effects (SCENARIO-FORMAT.md 2.3) for the second run.
REPLACEMENTS: list[dict[str, Any]] = [
    {"id": "furnace", "name": "Fornace", "types": ["Enchantment"], "controller": "Anna",
     "abilities": [{"replacement": {"event": "would_deal_damage", "of": {}, "then": {"times": 2}}}]},
    {"id": "shield", "name": "Scudo", "types": ["Enchantment"], "controller": "Bruno",
     "abilities": [{"replacement": {"event": "would_be_dealt_damage", "of": {"types": ["Creature"],
                                    "controller": "you"}, "then": {"prevent_each": 1}}}]},
    {"id": "rest", "name": "Riposo", "types": ["Enchantment"], "controller": "Bruno",
     "abilities": [{"replacement": {"event": "would_die", "of": {}, "then": {"to": "exile"}}}]},
]


def scenario_text(attackers: int = ATTACKERS, replacements: bool = False) -> str:
    """A scenario with ``attackers`` attackers for Anna and two blockers for each for Bruno (and, with
    ``replacements``, the :data:`REPLACEMENTS`)."""
    battlefield: list[dict[str, Any]] = list(REPLACEMENTS) if replacements else []
    for i in range(attackers):
        keywords = []
        if i % 5 == 0:
            keywords.append("trample")
        if i % 7 == 0:
            keywords.append("first_strike")
        if i % 11 == 0:
            keywords.append("double_strike")
        battlefield.append({"id": f"a{i}", "name": f"Attaccante {i}", "types": ["Creature"], "controller": "Anna",
                            "power": 3 + i % 4, "toughness": 3 + i % 3, "keywords": keywords,
                            "colors": ["green"]})
    for i in range(attackers * BLOCKERS_PER_ATTACKER):
        keywords = []
        if i % 6 == 0:
            keywords.append("deathtouch")
        if i % 13 == 0:
            keywords.append("first_strike")
        battlefield.append({"id": f"b{i}", "name": f"Bloccante {i}", "types": ["Creature"], "controller": "Bruno",
                            "power": 1 + i % 3, "toughness": 1 + i % 4, "keywords": keywords,
                            "colors": ["white"]})
    doc = {"title": "Combattimento su larga scala", "source": "benchmark", "step": "main1",
           "players": [{"name": "Anna"}, {"name": "Bruno"}], "battlefield": battlefield}
    return json.dumps(doc)


def run_once(text: str, attackers: int = ATTACKERS) -> tuple[float, float, dict[str, int], float, float]:
    """One replay: (legality seconds, damage seconds, final life totals, and of the first two the seconds
    spent outside the priority points, i.e. in the combat handlers themselves)."""
    from judgekit.engine import actions, combat
    from judgekit.engine.priority import priority_point
    from judgekit.engine.setup import build_game
    from judgekit.scenario.loader import load_scenario_text
    from judgekit.scenario.specs import scenario_specs

    game = build_game(scenario_specs(load_scenario_text(text, "combat-benchmark.yaml").data))
    priority_point(game)
    attack = {f"a{i}": "Bruno" for i in range(attackers)}
    block = {f"b{j}": [f"a{j // BLOCKERS_PER_ATTACKER}"] for j in range(attackers * BLOCKERS_PER_ATTACKER)}
    spent = {"priority": 0.0}

    def point() -> None:
        start = time.perf_counter()
        priority_point(game)
        spent["priority"] += time.perf_counter() - start

    t0 = time.perf_counter()
    combat.declare_attackers(game, attack)
    point()
    combat.declare_blockers(game, block)
    point()
    t1 = time.perf_counter()
    legal_points = spent["priority"]
    state = game.combat
    assert state is not None
    while not state.regular_done:
        actions.combat_damage(game, True)
        point()
    t2 = time.perf_counter()
    damage_points = spent["priority"] - legal_points
    return (t1 - t0, t2 - t1, {p.name: p.life for p in game.players}, t1 - t0 - legal_points,
            t2 - t1 - damage_points)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    text = scenario_text()
    legal: list[float] = []
    damage: list[float] = []
    legal_own: list[float] = []
    damage_own: list[float] = []
    lives: dict[str, int] = {}
    run_once(text)  # warm-up: imports, card library
    for _ in range(args.runs):
        a, b, lives, a_own, b_own = run_once(text)
        legal.append(a)
        damage.append(b)
        legal_own.append(a_own)
        damage_own.append(b_own)
    print(f"combattimento: {ATTACKERS} attaccanti, {ATTACKERS * BLOCKERS_PER_ATTACKER} bloccanti, "
          f"{args.runs} esecuzioni (mediana)")
    print("tra parentesi: il tempo dentro le azioni di combattimento, esclusi i punti di priorità che il "
          "replay esegue dopo ogni azione (azioni di stato, abilità innescate)")
    print(f"  dichiarazioni (attaccanti + bloccanti): {statistics.median(legal) * 1000:8.1f} ms "
          f"(azioni di combattimento: {statistics.median(legal_own) * 1000:.1f} ms)")
    print(f"  danno (assegnazione + danno + azioni di stato): {statistics.median(damage) * 1000:8.1f} ms "
          f"(azioni di combattimento: {statistics.median(damage_own) * 1000:.1f} ms)")
    print(f"  punti vita finali: {lives}")
    text = scenario_text(replacements=True)
    run_once(text)
    damage_rep = [run_once(text)[1] for _ in range(args.runs)]
    ratio = statistics.median(damage_rep) / statistics.median(damage)
    print(f"  danno con 3 effetti di sostituzione sul campo: {statistics.median(damage_rep) * 1000:8.1f} ms "
          f"({ratio:.2f} volte il danno senza)")


if __name__ == "__main__":
    main()
