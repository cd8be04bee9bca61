"""The rules core reads typed, frozen specs (judgekit.engine.specs), never format dicts.

Every shipped scenario is replayed and every ability, effect entry, selector and operation the engine holds is
checked to be a spec, and every record it writes to be plain data; then one unit test per spec kind, built in
code without YAML.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from judgekit import paths
from judgekit.engine import stack as stack_module
from judgekit.engine.builder import GameBuilder, activated, entry, static
from judgekit.engine.characteristics import all_chars
from judgekit.engine.driver import play
from judgekit.engine.effects import EffectContext, apply_effects
from judgekit.engine.errors import ScenarioProblem
from judgekit.engine.selectors import SelectorContext, matches, select
from judgekit.engine.setup import build_game
from judgekit.engine.specs import (
    PT,
    AbilitySpec,
    Cost,
    EffectEntry,
    Expr,
    Filter,
    StaticSpec,
    TriggerSpec,
)
from judgekit.engine.state import Game
from judgekit.engine.values import ValueContext, evaluate
from judgekit.scenario.loader import load_scenario
from judgekit.scenario.shipped import FOLDERS
from judgekit.scenario.specs import scenario_specs


def _files() -> list[Path]:
    root = paths.scenarios_dir()
    return [p for folder in FOLDERS for p in sorted((root / folder).glob("*.yaml"))]


def _is_selector(x: Any) -> bool:
    return x is None or isinstance(x, str | Filter) or (isinstance(x, tuple) and all(isinstance(i, str) for i in x))


def _plain(x: Any) -> bool:
    """JSON-like data: str, int, bool, None, lists and dicts of them (no tuple, no spec, no read-only mapping)."""
    if x is None or isinstance(x, str | int | float | bool):
        return True
    if type(x) is list:
        return all(_plain(v) for v in x)
    if type(x) is dict:
        return all(isinstance(k, str) and _plain(v) for k, v in x.items())
    return False


def _check_game(game: Game) -> None:
    for obj in game.objects.values():
        for ab in obj.card.abilities:
            assert isinstance(ab.spec, AbilitySpec), (obj.id, ab.spec)
        assert all(isinstance(e, EffectEntry) for e in obj.card.effect), (obj.id, obj.card.effect)
        assert _is_selector(obj.card.target), (obj.id, obj.card.target)
    for item in game.stack:
        assert all(isinstance(e, EffectEntry) for e in item.effect), item.effect
        assert _is_selector(item.target_spec), item.target_spec
    for effect in game.effects:
        assert isinstance(effect.ops, Mapping) and not isinstance(effect.ops, dict), effect.ops
        assert _is_selector(effect.selector)
    for c in all_chars(game).values():
        assert all(isinstance(ab.spec, AbilitySpec) for ab in c.abilities), c.id
    for record in game.log:
        assert _plain(record.params), (record.code, record.params)
        json.dumps(record.params)


@pytest.mark.parametrize("path", [pytest.param(p, id=f"{p.parent.name}/{p.stem}") for p in _files()])
def test_no_dict_shaped_spec_reaches_the_engine(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = load_scenario(path)
    data = scenario_specs(loaded.data)
    game = build_game(data)
    _check_game(game)
    resolved: list[Any] = []
    original = stack_module.apply_effects

    def checked(game_: Game, entries: Any, ctx: EffectContext) -> None:
        resolved.extend(entries)
        assert all(isinstance(e, EffectEntry) for e in entries), entries
        original(game_, entries, ctx)

    monkeypatch.setattr(stack_module, "apply_effects", checked)
    try:
        play(game, data["actions"])
    except ScenarioProblem:
        pass
    _check_game(game)


def test_builder_helpers_build_specs() -> None:
    assert isinstance(static(modify_pt=[1, 1]).static, StaticSpec)
    assert static(modify_pt=[1, 1]).static.ops["modify_pt"] == PT(1, 1)  # type: ignore[union-attr]
    assert isinstance(entry(damage=2, to="target"), EffectEntry)
    assert activated([{"pay_life": 2}, "tap"]).activated.cost == (Cost("pay_life", 2), Cost("tap"))  # type: ignore[union-attr]


# ------------------------------------------------------------------------------------------------------
# One spec kind at a time, built in code


def _board() -> tuple[GameBuilder, str, str, str]:
    g = GameBuilder(["Anna", "Bruno"])
    elf = g.creature("Llanowar Elves", 1, 1, subtypes=["Elf"], colors=["green"])
    goblin = g.creature("Goblin Piker", 2, 1, subtypes=["Goblin"], colors=["red"], controller="Bruno")
    land = g.permanent("Forest", types=["Land"], supertypes=["Basic"], subtypes=["Forest"])
    g.build()
    return g, elf, goblin, land


def test_a_filter_matches_on_its_fields() -> None:
    g, elf, goblin, land = _board()
    game = g.game
    ctx = SelectorContext(you="Anna", ids=game.ids, players=("Anna", "Bruno"))
    views = list(all_chars(game).values())
    assert select(Filter(types=("Creature",), controller="you"), views, ctx) == [game.obj(elf).uid]
    assert select(Filter(types=("Creature",), not_colors=("green",)), views, ctx) == [game.obj(goblin).uid]
    either = Filter(any=(Filter(subtypes=("Goblin",)), Filter(supertypes=("Basic",))))
    assert select(either, views, ctx) == [game.obj(goblin).uid, game.obj(land).uid]
    assert matches((elf, land), g.chars(land), ctx)
    assert not matches(Filter(player=True), g.chars(elf), ctx)


def test_an_expr_is_evaluated() -> None:
    g, elf, goblin, land = _board()
    game = g.game
    ctx = SelectorContext(you="Anna", ids=game.ids, players=("Anna", "Bruno"))
    vctx = ValueContext(game, all_chars(game), ctx)
    creatures = Expr("count", Filter(types=("Creature",)))
    assert evaluate(creatures, vctx) == 2
    assert evaluate(Expr("count", Filter(types=("Creature",)), times=2, plus=1, negate=True), vctx) == -5
    assert evaluate(Expr("life", "opponent"), vctx) == 20
    assert evaluate(Expr("power_of", goblin), vctx) == 2
    assert evaluate(3, vctx) == 3


def test_a_static_spec_with_an_expr_applies_in_the_layers() -> None:
    g = GameBuilder(["Anna", "Bruno"])
    lord = g.creature("Lord", 0, 0, abilities=[AbilitySpec("static", static=StaticSpec(
        {"cda": PT(Expr("count", Filter(types=("Creature",), controller="you")), 1)}))])
    g.creature("Bear", 2, 2)
    g.build()
    assert (g.chars(lord).power, g.chars(lord).toughness) == (2, 1)


def test_costs_are_paid() -> None:
    g = GameBuilder(["Anna", "Bruno"])
    altar = g.permanent("Altar", types=["Artifact"], counters={"charge": 2}, abilities=[
        activated([Cost("tap"), Cost("pay_life", 3), Cost("remove_counters", counters={"charge": 1})],
                  [EffectEntry(verb="gain_life", param=1, to="you")])])
    g.build()
    g.activate(altar)
    assert g.obj(altar).tapped
    assert g.life("Anna") == 17
    assert g.obj(altar).counters["charge"] == 1
    g.resolve()
    assert g.life("Anna") == 18


def test_a_trigger_spec_triggers_and_resolves() -> None:
    g = GameBuilder(["Anna", "Bruno"])
    g.creature("Soul Warden", 1, 1, abilities=[AbilitySpec("trigger", trigger=TriggerSpec(
        "enters", Filter(types=("Creature",), other=True), effect=(EffectEntry(verb="gain_life", param=1),)))])
    game = g.build()
    ctx = EffectContext(controller="Anna")
    apply_effects(game, [entry(create_token={"name": "Saproling", "types": ["Creature"], "power": 1,
                                             "toughness": 1})], ctx)
    g.settle()
    g.resolve()
    assert g.life("Anna") == 21


def test_the_spec_builders_know_every_verb_of_the_engine() -> None:
    from judgekit.engine.effects import VERBS
    from judgekit.engine.specdata import VERB_NAMES

    assert sorted(VERBS) == sorted(VERB_NAMES)


def test_every_cost_form_of_the_format_has_its_entry_in_the_cost_table() -> None:
    """The cost table of the rules core is the one place costs are checked and paid: each form a scenario can
    write becomes one of its kinds, and no kind is left without a form."""
    from typing import get_args

    from judgekit.engine.costs import COSTS
    from judgekit.engine.specdata import cost
    from judgekit.scenario.models import CostPart

    words = [w for arg in get_args(CostPart) for w in get_args(arg)]
    forms = [*words, {"pay_life": 1}, {"mana": "{1}"}, {"loyalty": -1}, {"remove_counters": {"charge": 1}},
             {"sacrifice": {"types": ["Creature"]}}, {"discard": 1},
             {"tap_untapped": {"types": ["Creature"]}, "count": 1},
             {"exile_from_graveyard": {"types": ["Creature"]}, "count": 1}]
    kinds = {cost(form).kind for form in forms}
    assert kinds == set(COSTS)


def test_creature_types_follow_cr_205_3m() -> None:
    """CR 205.3m: C'tan is spelt with its apostrophe; Time Lord is the one two-word creature type."""
    from judgekit.engine.vocab import CREATURE_TYPES, subtype_kind

    assert {"C'tan", "Time Lord"} <= CREATURE_TYPES
    assert "Ctan" not in CREATURE_TYPES
    assert subtype_kind("Time Lord") == "Creature"
