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


# ------------------------------------------------------------------------------------------------------
# GameBuilder-based tests, one behaviour each

from judgekit.engine.choices import Answer, Script, SourceAnswers  # noqa: E402


def _script(**answers: Answer) -> Script:
    return Script(sources={k: SourceAnswers((a,)) for k, a in answers.items()}, keys=list(answers))


def _spell(name: str, effect: list[dict], target: dict | None = None) -> dict:
    spec: dict = {"name": name, "id": name.lower().replace(" ", "-"), "types": ["Sorcery"], "effect": effect}
    if target is not None:
        spec["target"] = target
    return spec


def test_return_to_battlefield_from_graveyard_under_you_tapped_with_counters() -> None:
    g = GameBuilder()
    bears = g.creature("Grizzly Bears", 2, 2, zone="graveyard", owner="Bruno", id="bears")
    g.build()
    g.cast(_spell("Reanimate It", [{"return_to_battlefield": True, "under": "you", "tapped": True,
                                    "counters": {"+1/+1": 2}, "to": "target"}],
                  {"types": ["Creature"], "zone": "graveyard"}), targets=[bears])
    g.resolve()
    obj = g.obj(bears)
    assert g.zone(bears) == "battlefield" and obj.controller == "Anna" and obj.owner == "Bruno"
    assert obj.tapped and obj.counters == {"+1/+1": 2}
    assert g.chars(bears).power == 4


def test_return_to_battlefield_leaves_stack_and_battlefield_objects_alone() -> None:
    g = GameBuilder()
    bears = g.creature("Grizzly Bears", 2, 2, id="bears")
    g.build()
    before = g.obj(bears).uid
    g.cast(_spell("Return All", [{"return_to_battlefield": True, "to": {"types": ["Creature"]}}]))
    g.resolve()
    assert g.obj(bears).uid == before


def test_gain_control_defaults_to_permanent_and_survives_the_turn() -> None:
    g = GameBuilder()
    angel = g.creature("Serra Angel", 4, 4, controller="Bruno", id="angel")
    g.build()
    g.cast(_spell("Take It", [{"gain_control": True, "to": "target"}], {"types": ["Creature"]}), targets=[angel])
    g.resolve()
    assert g.chars(angel).controller == "Anna"
    assert [e.duration for e in g.game.effects if e.ops.get("control")] == ["permanent"]
    g.end_turn()
    assert g.chars(angel).controller == "Anna"


def test_gain_control_ref_gives_it_to_the_named_player() -> None:
    g = GameBuilder()
    bears = g.creature("Grizzly Bears", 2, 2, id="bears")
    g.build()
    g.cast(_spell("Give It", [{"gain_control": "Bruno", "duration": "end_of_turn", "to": "target"}],
                  {"types": ["Creature"]}), targets=[bears])
    g.resolve()
    assert g.chars(bears).controller == "Bruno"


def test_double_counters_all_kinds() -> None:
    g = GameBuilder()
    walker = g.creature("Hill Giant", 3, 3, id="giant", counters={"+1/+1": 2, "charge": 1})
    g.build()
    g.cast(_spell("Double", [{"double_counters": "all", "to": "target"}], {"types": ["Creature"]}),
           targets=[walker])
    g.resolve()
    assert g.obj(walker).counters == {"+1/+1": 4, "charge": 2}


def test_move_counters_all_and_nothing_when_source_gone() -> None:
    g = GameBuilder()
    a = g.creature("Hill Giant", 3, 3, id="giant", counters={"+1/+1": 3})
    b = g.creature("Grizzly Bears", 2, 2, id="bears")
    g.build()
    g.cast(_spell("Move", [{"move_counters": {"from": "giant", "kind": "+1/+1", "count": "all"}, "to": "target"}],
                  {"types": ["Creature"]}), targets=[b])
    g.resolve()
    assert g.obj(a).counters.get("+1/+1", 0) == 0 and g.obj(b).counters == {"+1/+1": 3}
    g.cast(_spell("Destroy And Move", [{"destroy": True, "to": "bears"},
                                       {"move_counters": {"from": "bears", "kind": "all"}, "to": "target"}],
                  {"types": ["Creature"]}), targets=[a])
    g.resolve()
    assert g.obj(a).counters.get("+1/+1", 0) == 0


def test_proliferate_default_is_everyone_with_counters_and_chosen_only_otherwise() -> None:
    g = GameBuilder()
    a = g.creature("Hill Giant", 3, 3, id="giant", counters={"+1/+1": 1})
    b = g.creature("Grizzly Bears", 2, 2, id="bears", controller="Bruno", counters={"-1/-1": 1})
    g.build()
    g.game.player("Bruno").poison = 2
    g.cast(_spell("Spread", [{"proliferate": True}]))
    g.resolve()
    assert g.obj(a).counters == {"+1/+1": 2} and g.game.player("Bruno").poison == 3
    assert g.zone(b) == "graveyard"
    g2 = GameBuilder(choices=_script(spread=Answer(targets=("giant",))))
    a2 = g2.creature("Hill Giant", 3, 3, id="giant", counters={"+1/+1": 1})
    g2.build()
    g2.game.player("Bruno").poison = 2
    g2.cast(_spell("Spread", [{"proliferate": True}]))
    g2.resolve()
    assert g2.obj(a2).counters == {"+1/+1": 2} and g2.game.player("Bruno").poison == 2


def test_token_copy_count_is_a_value_and_copies_a_card_in_a_graveyard() -> None:
    g = GameBuilder()
    g.creature("Grizzly Bears", 2, 2, id="bears")
    g.creature("Hill Giant", 3, 3, id="giant")
    dead = g.creature("Serra Angel", 4, 4, zone="graveyard", id="angel", keywords=["flying"])
    g.build()
    g.cast(_spell("Echo", [{"create_token": {"copy_of": "target",
                                             "count": {"count": {"types": ["Creature"], "controller": "you"}}},
                            "to": "you"}], {"types": ["Creature"], "zone": "graveyard"}), targets=[dead])
    g.resolve()
    tokens = [o for o in g.game.battlefield() if o.token]
    assert len(tokens) == 2 and {o.id for o in tokens} == {"serra-angel", "serra-angel#2"}
    assert all(chars(g.game, o).name == "Serra Angel" and chars(g.game, o).has("flying") for o in tokens)


def test_copy_spell_new_targets_false_keeps_the_targets() -> None:
    g = GameBuilder(choices=_script(echo=Answer(targets=("Anna",))))
    g.build()
    g.cast({"name": "Shock", "id": "shock", "types": ["Instant"], "target": {"player": True},
            "effect": [{"damage": 2, "to": "target"}]}, targets=["Bruno"])
    g.cast({"name": "Echo", "id": "echo", "types": ["Instant"], "target": {"zone": "stack"},
            "effect": [{"copy_spell": True, "new_targets": False, "to": "target"}]}, targets=["shock"])
    g.resolve()
    g.resolve()
    g.resolve()
    assert g.life("Bruno") == 16 and g.life("Anna") == 20
    assert str(g.obj("shock#2").zone) == "gone" or g.obj("shock#2").spell_copy


def test_reanimate_puts_an_opponents_creature_under_your_control() -> None:
    from judgekit.ruling.run import run_text

    ruling = run_text("title: x\nplayers: [Anna, Bruno]\nstep: main1\n"
                      "graveyard: {Bruno: [{id: angel, card: Serra Angel}]}\nhand: {Anna: [Reanimate]}\n"
                      "actions:\n  - cast: {object: reanimate, targets: [angel]}\n  - resolve\n"
                      "expect: {objects: {angel: {zone: battlefield, controller: Anna, owner: Bruno}}}\n")
    assert ruling.ok and (ruling.expect or {}).get("passed")


def test_excess_to_needs_damage() -> None:
    from judgekit.ruling.run import run_text

    with pytest.raises(Exception) as info:
        run_text("title: x\nplayers: [Anna, Bruno]\nhand:\n  Anna:\n    - {name: X, types: [Sorcery], "
                 "effect: [{destroy: true, excess_to: you, to: self}]}\n")
    assert "«excess_to» vale solo con «damage»" in str(info.value)
