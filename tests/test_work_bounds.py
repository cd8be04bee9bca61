"""Small files that would take hours are bounded: too many tokens is a problem of the file (exit 3)."""

from __future__ import annotations

import pytest

from judgekit.engine import effects
from judgekit.errors import InvalidFileError
from judgekit.ruling.run import run_text


def _army(entries: int, count: int) -> str:
    eff = ", ".join(f"{{create_token: {{name: Soldato, types: [Creature], power: 1, toughness: 1, count: {count}}}, "
                    "to: you}" for _ in range(entries))
    return f"""title: t
source: t
players: [{{name: Anna}}, {{name: Bruno}}]
active_player: Anna
step: main1
hand:
  Anna:
    - {{id: s, name: Esercito, types: [Sorcery], effect: [{eff}]}}
actions:
  - cast: {{object: s}}
  - resolve
"""


def test_too_many_tokens_stop_the_replay_as_a_file_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    made = 0
    real = effects.make_object

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal made
        made += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(effects, "make_object", counting)
    with pytest.raises(InvalidFileError) as info:
        run_text(_army(1000, 100))
    text = str(info.value)
    assert "troppe pedine" in text and info.value.issues[0].key.startswith("actions[1]")
    assert made <= effects.MAX_TOKENS


def test_a_large_but_reasonable_number_of_tokens_is_fine() -> None:
    r = run_text(_army(2, 50))
    assert r.error is None and r.final is not None
    assert sum(1 for o in r.final["objects"].values() if o["token"]) == 100


def _clones(n: int, chain: bool) -> str:
    bf = ["  - {id: bear, name: Bear, types: [Creature], power: 2, toughness: 2, controller: Anna, timestamp: 0}"]
    eff = []
    for i in range(n):
        bf.append(f"  - {{id: c{i}, card: Clone, controller: Anna, timestamp: {i + 1}}}")
        target = (f"c{i - 1}" if i else "bear") if chain else "bear"
        eff.append(f"  - {{source: Clone, controller: Anna, affects: [c{i}], copy_of: {target}, "
                   f"duration: permanent, timestamp: {i + 1}}}")
    return ("title: t\nsource: t\nplayers: [{name: Anna}, {name: Bruno}]\nactive_player: Anna\nbattlefield:\n"
            + "\n".join(bf) + "\neffects:\n" + "\n".join(eff) + "\n")


@pytest.mark.parametrize("chain", [False, True])
def test_many_copy_effects_take_linear_work(monkeypatch: pytest.MonkeyPatch, chain: bool) -> None:
    """50 Clones copying one creature (or each the previous one): the dependency trials of one computation
    grow with the number of effects, not with its square; the effects in place cost no computation each."""
    from judgekit.engine import layers
    from judgekit.engine.setup import build_game
    from judgekit.scenario.loader import load_scenario_text
    from judgekit.scenario.specs import scenario_specs

    n = 50
    computes = 0
    trials = 0
    real_compute, real_depends = layers.compute, layers._Run._depends

    def compute(*args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal computes
        computes += 1
        return real_compute(*args, **kwargs)

    def depends(*args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal trials
        trials += 1
        return real_depends(*args, **kwargs)

    monkeypatch.setattr(layers, "compute", compute)
    monkeypatch.setattr(layers._Run, "_depends", depends)
    from judgekit.engine import characteristics
    monkeypatch.setattr(characteristics, "compute", compute, raising=False)
    game = build_game(scenario_specs(load_scenario_text(_clones(n, chain), "x.yaml").data))
    assert computes <= 2
    trials = 0
    result = layers.compute(game)
    assert trials <= 4 * n
    want = "Bear"
    assert all(result.computed[game.ids[f"c{i}"]].name == want for i in range(n))
