"""``characteristics.frozen``: characteristics held fixed during one simultaneous event (CR 510.2)."""

from __future__ import annotations

from typing import Any

import pytest

from judgekit.engine import characteristics
from judgekit.engine.characteristics import chars, frozen
from judgekit.engine.objects import make_object
from judgekit.engine.setup import build_game
from judgekit.engine.state import Game
from judgekit.engine.vocab import Zone
from judgekit.scenario.loader import load_scenario_text
from judgekit.scenario.specs import object_data, scenario_specs

TEXT = """title: t
source: s
players: [{name: Anna}, {name: Bruno}]
battlefield:
  - {id: bear, name: Bear, types: [Creature], power: 2, toughness: 2}
  - {id: lord, name: Lord, types: [Creature], power: 1, toughness: 1,
     abilities: [{static: {affects: {types: [Creature], other: true}, modify_pt: [1, 1]}}]}
"""


@pytest.fixture
def game() -> Game:
    return build_game(scenario_specs(load_scenario_text(TEXT, "t.yaml").data))


def _count_layer_runs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    runs: list[int] = []
    real = characteristics.compute

    def counting(game: Game, **kw: Any) -> Any:
        runs.append(1)
        return real(game, **kw)

    monkeypatch.setattr(characteristics, "compute", counting)
    return runs


def test_frozen_characteristics_ignore_changes_until_the_event_ends(game: Game,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """-1/-1 counters put during the event show only once it is over; the layer system runs once inside."""
    runs = _count_layer_runs(monkeypatch)
    bear = game.obj("bear")
    assert chars(game, bear).toughness == 3
    runs.clear()
    with frozen(game):
        for _ in range(3):
            bear.counters["-1/-1"] = bear.counters.get("-1/-1", 0) + 1
            game.touch()
            assert chars(game, bear).toughness == 3
    assert len(runs) == 0
    assert chars(game, bear).toughness == 0
    assert len(runs) == 1


def test_nested_frozen_blocks_join_the_outer_event(game: Game) -> None:
    """An inner ``frozen`` keeps the outer event's characteristics and does not end it."""
    bear = game.obj("bear")
    with frozen(game) as outer:
        bear.counters["+1/+1"] = 2
        game.touch()
        with frozen(game) as inner:
            assert inner is outer
        assert chars(game, bear).power == 3
    assert chars(game, bear).power == 5


def test_an_object_that_appears_during_a_frozen_event_is_still_computed(game: Game) -> None:
    """A new object (not in the held result) answers with freshly computed characteristics."""
    with frozen(game):
        data = object_data({"id": "tok", "name": "Token", "types": ["Creature"], "power": 1, "toughness": 1})
        token = make_object(game, data, Zone.BATTLEFIELD, "Anna", "Anna", game.new_timestamp(), 99)
        assert chars(game, token).power == 2
