"""Decisions (choices.py): every choice is a typed request to the game's chooser; defaults and scripts."""

from __future__ import annotations

from judgekit.engine.builder import GameBuilder, entry, trigger
from judgekit.engine.choices import (
    DamageDivision,
    Decision,
    DefaultChooser,
    Discard,
    Leftover,
    LegendRule,
    ReplacementOrder,
    Request,
    ScriptedChooser,
    TriggerOrder,
    TriggerTarget,
    UseOptional,
)
from judgekit.scenario.choices import build_script


class Recorder:
    """A chooser that answers with the defaults, except "may" abilities, which it declines; it keeps the requests."""

    def __init__(self) -> None:
        self.requests: list[Request] = []

    def choose(self, request: Request) -> Decision:
        self.requests.append(request)
        if isinstance(request, UseOptional):
            return Decision(False, True)
        return Decision(request.default(), False)

    def unused(self) -> list[str]:
        return []

    def leftover(self) -> list[Leftover]:
        return []

    def defaults(self) -> list[tuple[Request, object]]:
        return []


def test_defaults_are_the_documented_ones() -> None:
    chooser = DefaultChooser()
    assert chooser.choose(TriggerTarget("heliod", "Anna", (7, "Bruno"))) == Decision(7, False)
    assert chooser.choose(TriggerTarget("heliod", "Anna", ())) == Decision(None, False)
    assert chooser.choose(UseOptional("soul-warden", "Anna")) == Decision(True, False)
    assert chooser.choose(TriggerOrder("Anna", ("a", "b"))) == Decision(("a", "b"), False)
    assert chooser.choose(LegendRule("Anna", "Thrun", ("old", "new"))) == Decision("old", False)
    assert chooser.choose(Discard("Anna", 2, ("x", "y", "z"))) == Decision(("x", "y"), False)


def test_a_script_answers_targets_in_order_then_falls_back_to_the_default() -> None:
    chooser = ScriptedChooser(build_script({"heliod": ["scion", "Bruno"]}))
    first, second, third = (TriggerTarget("heliod", "Anna", (3,), group=g) for g in (1, 2, 3))
    assert chooser.choose(first) == Decision("scion", True, ("choices", "heliod", 0))
    assert chooser.choose(second) == Decision("Bruno", True, ("choices", "heliod", 1))
    assert chooser.choose(third) == Decision(3, False)
    assert chooser.unused() == []


def test_a_script_orders_one_players_triggers_and_reports_what_no_decision_used() -> None:
    chooser = ScriptedChooser(build_script({"apnap_order": {"Anna": ["b", "a"]}, "ghost": ["x"]}))
    assert chooser.choose(TriggerOrder("Anna", ("a", "b", "c"))) == Decision(("b", "a", "c"), True)
    assert chooser.choose(TriggerOrder("Bruno", ("d", "e"))) == Decision(("d", "e"), False)
    assert chooser.unused() == ["ghost"]


def test_an_entry_used_by_the_legend_rule_answers_no_trigger_target() -> None:
    """One scripted answer serves one decision: the entry that chose which Thrun stays does not also pick the
    target of the kept Thrun's enters trigger."""
    chooser = ScriptedChooser(build_script({"thrun-2": ["thrun-2"]}))
    assert chooser.choose(LegendRule("Anna", "Thrun", ("thrun", "thrun-2"))) == Decision("thrun-2", True)
    assert chooser.choose(TriggerTarget("thrun-2", "Anna", (5,))) == Decision(5, False)


def test_a_single_answer_used_by_the_legend_rule_answers_no_later_trigger_target() -> None:
    """The same holds when the entry is one answer (``thrun-2: thrun-2``), which otherwise serves every decision."""
    chooser = ScriptedChooser(build_script({"thrun-2": "thrun-2"}))
    assert chooser.choose(LegendRule("Anna", "Thrun", ("thrun", "thrun-2"))) == Decision("thrun-2", True)
    assert chooser.choose(TriggerTarget("thrun-2", "Anna", (5,), group=1)) == Decision(5, False)
    assert chooser.choose(TriggerTarget("thrun-2", "Anna", (5,), group=2)) == Decision(5, False)


def test_legend_entry_does_not_choose_the_enters_trigger_target_in_a_replay() -> None:
    """CR 704.5j then 603.3d: Anna keeps the new Thrun as her choices say; its enters trigger takes the default
    target (the first legal creature in timestamp order), not the id written for the legend rule."""
    g = GameBuilder(choices=build_script({"thrun-2": ["thrun-2"]}))
    bear = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    g.creature("Thrun", 4, 4, id="thrun", supertypes=["Legendary"])
    thrun2 = g.card("Thrun", "Anna", id="thrun-2", types=["Creature"], supertypes=["Legendary"], power=4,
                    toughness=4, mana_cost="{3}{G}{G}",
                    abilities=[trigger("enters", [entry(damage=1, to="target")],
                                       target={"types": ["Creature"], "controller": "opponent"})])
    g.build()
    g.cast(thrun2)
    g.resolve()
    assert g.zone("thrun") == "graveyard"
    assert g.zone(thrun2) == "battlefield"
    g.resolve()
    assert g.obj(bear).damage == 1


def test_a_declined_may_ability_does_nothing() -> None:
    """CR 603.5: an optional triggered ability's controller chooses, as it resolves, whether to use it."""
    g = GameBuilder()
    g.creature("Soul Warden", 1, 1, abilities=[trigger("enters", [entry(gain_life=1, to="you")],
                                                        of={"types": ["Creature"], "other": True},
                                                        optional=True)])
    bear = g.card("Grizzly Bears", "Anna", types=["Creature"], power=2, toughness=2, mana_cost="{1}{G}")
    game = g.build()
    recorder = Recorder()
    game.chooser = recorder
    g.cast(bear)
    g.resolve(everything=True)
    assert g.life("Anna") == 20
    assert any(isinstance(r, UseOptional) for r in recorder.requests)


class Divider:
    """Answers every damage division with ``parts`` (recipient index -> amount); everything else by default."""

    def __init__(self, parts: dict[int, int]) -> None:
        self.parts = parts

    def choose(self, request: Request) -> Decision:
        if isinstance(request, DamageDivision):
            return Decision(tuple((request.recipients[i], n) for i, n in self.parts.items()), True)
        return Decision(request.default(), False)

    def unused(self) -> list[str]:
        return []

    def leftover(self) -> list[Leftover]:
        return []


def _wurm_double_blocked(parts: dict[int, int]) -> GameBuilder:
    g = GameBuilder()
    wurm = g.creature("Craw Wurm", 6, 4)
    a = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    b = g.creature("Grizzly Bears", 2, 2, controller="Bruno")
    game = g.build()
    game.chooser = Divider(parts)
    g.attack({wurm: "Bruno"})
    g.block({a: wurm, b: wurm})
    g.combat_damage()
    return g


def test_the_damage_division_is_a_decision_of_the_attacking_player() -> None:
    """CR 510.1c: with no damage assignment order, the attacker may put all six damage on the second blocker."""
    g = _wurm_double_blocked({1: 6})
    assert [g.zone(i) for i in ("grizzly-bears", "grizzly-bears-2")] == ["battlefield", "graveyard"]


def test_a_division_that_does_not_add_up_to_the_power_is_illegal() -> None:
    """CR 510.1a: the attacking creature assigns combat damage equal to its power."""
    import pytest

    from judgekit.engine.errors import IllegalAction

    with pytest.raises(IllegalAction) as info:
        _wurm_double_blocked({0: 2, 1: 2})
    assert info.value.rule == "510.1a"


def test_a_list_longer_than_its_sources_decisions_leaves_the_rest_over() -> None:
    """SCENARIO-FORMAT.md 2.2: one answer per decision group; answers no group took are reported."""
    chooser = ScriptedChooser(build_script({"heliod": ["a", "b", "c"], "ghost": ["x"]}))
    chooser.choose(TriggerTarget("heliod", "Anna", (1, 2), group=10))
    chooser.choose(TriggerTarget("heliod", "Anna", (1, 2), group=11))
    assert chooser.unused() == ["ghost"]
    assert chooser.leftover() == [Leftover("heliod", 2, 1)]


def test_requests_of_one_group_share_its_answer_and_know_their_position() -> None:
    chooser = ScriptedChooser(build_script({"angel": [{"targets": ["giant"], "use": False}, {}]}))
    assert chooser.choose(TriggerTarget("angel", "Anna", (1, 2), group=7)).value == "giant"
    assert chooser.choose(UseOptional("angel", "Anna", group=8)) == Decision(True, False)
    assert chooser.choose(UseOptional("angel", "Anna", group=7)).value is False
    assert (chooser.position("angel", 7), chooser.position("angel", 8), chooser.position("angel", 9)) == (0, 1, None)
    assert chooser.bound("angel", 8) is not None and chooser.bound("angel", 9) is None
    assert [type(r).__name__ for r, _v in chooser.defaults()] == ["UseOptional"]


def test_discard_lists_are_used_in_order_and_what_is_left_is_reported() -> None:
    chooser = ScriptedChooser(build_script({"discard": {"Anna": ["a", "b", "c"]}}))
    assert chooser.choose(Discard("Anna", 1, ("z", "a"))).value == ("a",)
    assert chooser.choose(Discard("Anna", 1, ("z", "b"))).value == ("b",)
    assert chooser.leftover() == [Leftover("discard", 2, 1, "Anna", ("c",))]
    assert chooser.unused() == []


def test_a_replacement_order_list_picks_the_listed_source_else_the_oldest() -> None:
    chooser = ScriptedChooser(build_script({"replacement_order": ["hands"]}))
    assert chooser.choose(ReplacementOrder("Anna", ("shield", "hands"))) == Decision(1, True)
    assert chooser.choose(ReplacementOrder("Anna", ("shield", "other"))) == Decision(0, False)
