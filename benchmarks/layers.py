"""Benchmark of the layer system (CR 613): time to compute every characteristic of a synthetic board.

Boards of 10, 100 and 1000 permanents with 10, 100 and 500 continuous effects: anthems (7c), counted
bonuses (7c, "+X/+0 where X is the number of creatures you control"), base P/T setters (7b), keyword grants
(6), colour changes (5), control changes (2), and one effect in 25 a type changer (4) that depends on another
(a Mycosynth Lattice-like "every permanent is an artifact" with March of the Machines-like "artifacts are
creatures"; Blood Moon-like land type setters with Urborg-like land type adders).
Prints a growth table (best of several runs, milliseconds) and checks the target: 500 permanents with 100
effects in under 100 ms.

Run: ``python benchmarks/layers.py`` from the repository.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judgekit.engine.layers import compute  # noqa: E402
from judgekit.engine.objects import make_object  # noqa: E402
from judgekit.engine.specs import AbilitySpec  # noqa: E402
from judgekit.engine.state import Ability, ContinuousEffect, Game, Player  # noqa: E402
from judgekit.engine.vocab import Zone  # noqa: E402
from judgekit.scenario.specs import ability, object_data, ops  # noqa: E402

TARGET_MS = 100.0


def _static(spec: dict[str, object]) -> AbilitySpec:
    return ability({"static": spec})


def build(permanents: int, effects: int, seed: int = 7) -> Game:
    """A board of ``permanents`` permanents carrying or receiving ``effects`` continuous effects."""
    rng = random.Random(seed)
    game = Game(players=[Player("Anna"), Player("Bruno")], active="Anna")
    players = ["Anna", "Bruno"]
    creatures: list[int] = []
    ts = 0
    kinds = ["creature"] * 7 + ["land"] * 2 + ["artifact"]
    for i in range(permanents):
        kind = rng.choice(kinds)
        owner = players[i % 2]
        if kind == "creature":
            data = {"id": f"c{i}", "name": f"Creature {i}", "types": ["Creature"],
                    "subtypes": [rng.choice(["Goblin", "Elf", "Soldier", "Zombie"])],
                    "colors": [rng.choice(["white", "blue", "black", "red", "green"])],
                    "power": rng.randint(0, 5), "toughness": rng.randint(1, 5),
                    "keywords": rng.sample(["flying", "trample", "haste", "vigilance"], k=rng.randint(0, 2))}
        elif kind == "land":
            basic = rng.random() < 0.5
            data = {"id": f"l{i}", "name": f"Land {i}", "types": ["Land"],
                    "supertypes": ["Basic"] if basic else [],
                    "subtypes": [rng.choice(["Forest", "Island", "Swamp", "Plains", "Mountain"])] if basic else [],
                    "abilities": [] if basic else [{"mana": ["C"]}]}
        else:
            data = {"id": f"a{i}", "name": f"Artifact {i}", "types": ["Artifact"], "mana_cost": "{3}"}
        obj = make_object(game, object_data(data), Zone.BATTLEFIELD, owner, owner, ts, i)
        ts += 1
        if kind == "creature":
            creatures.append(obj.uid)
    carriers = [o.uid for o in game.battlefield()]
    rng.shuffle(carriers)
    # Effect mix: statics on extra enchantments and resolved effects with fixed sets. One effect in 25 is a
    # type or land-type changer that depends on another one (rolls 12-15 in turn), the rest are the common
    # kinds: anthems, keyword grants, counted bonuses, colour changes, control changes, P/T setters, pumps.
    for j in range(effects):
        roll = j % 20
        if j % 25 == 24:
            roll = 12 + (j // 25) % 4
        elif roll in (12, 13, 14, 15):
            roll = (0, 1, 10, 19)[roll - 12]
        owner = players[j % 2]
        source: AbilitySpec | None = None
        if roll in range(0, 10):
            color = rng.choice(["white", "blue", "black", "red", "green"])
            source = _static({"affects": {"types": ["Creature"], "controller": "you", "colors": [color]},
                              "modify_pt": {"power": 1, "toughness": 1}})
        elif roll == 10:
            source = _static({"affects": {"types": ["Creature"], "other": True},
                              "add_keywords": [rng.choice(["flying", "first_strike", "deathtouch"])]})
        elif roll == 11:
            source = _static({"affects": {"subtypes": [rng.choice(["Goblin", "Elf"])]},
                              "modify_pt": {"power": {"count": {"types": ["Creature"], "controller": "you"}},
                                            "toughness": 0}})
        elif roll == 12:
            source = _static({"affects": {"types": ["Artifact"], "not_types": ["Creature"]},
                              "add_types": ["Creature"], "set_pt": {"power": "mana_value",
                                                                     "toughness": "mana_value"}})
        elif roll == 13:
            source = _static({"affects": {}, "add_types": ["Artifact"]})
        elif roll == 14:
            source = _static({"affects": {"types": ["Land"], "not_supertypes": ["Basic"]},
                              "set_land_types": ["Mountain"]})
        elif roll == 15:
            source = _static({"affects": {"types": ["Land"]}, "add_subtypes": ["Swamp"]})
        elif roll == 16 and creatures:
            picked = rng.sample(creatures, k=min(len(creatures), 3))
            game.effects.append(ContinuousEffect(uid=game.new_uid(), ops=ops({"set_colors": ["black"]}), timestamp=ts,
                                                 source_name=f"Colour {j}", controller=owner, affected=picked))
        elif roll == 17 and creatures:
            target = rng.choice(creatures)
            game.effects.append(ContinuousEffect(uid=game.new_uid(), ops=ops({"control": owner}), timestamp=ts,
                                                 source_name=f"Control {j}", controller=owner, affected=[target]))
        elif roll == 18 and creatures:
            picked = rng.sample(creatures, k=min(len(creatures), 5))
            game.effects.append(ContinuousEffect(uid=game.new_uid(), ops=ops({"set_pt": {"power": 0, "toughness": 1}}),
                                                 timestamp=ts, source_name=f"Set {j}", controller=owner,
                                                 affected=picked))
        else:
            picked = rng.sample(creatures, k=min(len(creatures), 3)) if creatures else []
            game.effects.append(ContinuousEffect(uid=game.new_uid(), ops=ops({"modify_pt": {"power": 2, "toughness": 2},
                                                                              "add_keywords": ["trample"]}),
                                                 timestamp=ts, source_name=f"Pump {j}", controller=owner,
                                                 affected=picked))
        if source is not None:
            # The static ability is carried by an existing permanent (a "lord") when there is one free,
            # otherwise by a new enchantment.
            if j < len(carriers):
                holder = game.objects[carriers[j]]
                holder.card.abilities.append(Ability("static", source, "text", None, f"b{j}"))
                game.touch()
            else:
                data = {"id": f"e{j}", "name": f"Enchantment {j}", "types": ["Enchantment"], "abilities": [source]}
                make_object(game, object_data(data), Zone.BATTLEFIELD, owner, owner, ts, permanents + j)
        ts += 1
    return game


def measure(permanents: int, effects: int, repeat: int = 3) -> float:
    game = build(permanents, effects)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        compute(game)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> int:
    sizes = [10, 100, 1000]
    counts = [10, 100, 500]
    print("Tempo per calcolare tutte le caratteristiche (CR 613), migliore di 3 esecuzioni, in ms")
    print(f"{'permanenti':>10} | " + " | ".join(f"{c:>4} effetti" for c in counts))
    print("-" * 11 + "+" + "+".join("-" * 13 for _ in counts))
    for n in sizes:
        row = [measure(n, c, repeat=3 if n * c < 200_000 else 1) for c in counts]
        print(f"{n:>10} | " + " | ".join(f"{t:>12.1f}" for t in row))
    target = measure(500, 100)
    ok = target < TARGET_MS
    print(f"\nObiettivo: 500 permanenti con 100 effetti in meno di {TARGET_MS:.0f} ms: {target:.1f} ms "
          f"({'raggiunto' if ok else 'NON raggiunto'})")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
