"""The one-shot verbs of SCENARIO-FORMAT.md 2.7 (excess damage, token copies, spell copies, gain control,
proliferate, move and double counters, return to the battlefield)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.engine.builder import GameBuilder
from judgekit.engine.characteristics import chars
from judgekit.engine.verbs import excess_damage, lethal_damage
from judgekit.ruling.run import run_file

EFFECTS = Path(__file__).resolve().parent.parent / "scenarios" / "effects"


def test_lethal_damage_counts_marked_damage_and_deathtouch() -> None:
    g = GameBuilder(["Anna", "Bruno"])
    bears = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    src = g.creature("Typhoid Rats", 1, 1, controller="Anna", keywords=["deathtouch"])
    plain = g.creature("Hill Giant", 3, 3, controller="Anna")
    game = g.build()
    obj = game.obj(bears)
    assert lethal_damage(game, chars(game, game.obj(plain)), obj) == 2
    assert lethal_damage(game, chars(game, game.obj(src)), obj) == 1
    obj.damage = 1
    assert excess_damage(game, chars(game, game.obj(plain)), obj, 4) == 3


@pytest.mark.parametrize("name", sorted(p.name for p in EFFECTS.glob("*.yaml")))
def test_effects_scenarios_meet_expectations(name: str) -> None:
    ruling = run_file(EFFECTS / name)
    assert ruling.passed and (ruling.expect or {}).get("passed"), name


def test_transform_is_refused_in_italian(tmp_path: Path) -> None:
    f = tmp_path / "t.yaml"
    f.write_text("title: x\nplayers: [Anna, Bruno]\neffects: []\nbattlefield:\n  Anna:\n"
                 "    - {name: X, types: [Creature], power: 1, toughness: 1, abilities: [{activated: {cost: [tap], "
                 "effect: [{transform: true}]}}]}\n", encoding="utf-8")
    with pytest.raises(Exception) as info:
        run_file(f)
    assert "non è nella versione 2" in str(info.value)
