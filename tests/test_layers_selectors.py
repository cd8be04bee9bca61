"""Selectors (SCENARIO-FORMAT "Selectors"): filters, zones and ``any:`` alternatives."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgekit.engine import selectors
from judgekit.engine.selectors import SelectorContext
from judgekit.ruling.run import run_text
from judgekit.scenario.specs import selector as typed


def matches(sel: Any, view: Any, ctx: SelectorContext) -> bool:
    """:func:`selectors.matches` on a selector written as the format writes it (converted to a typed spec)."""
    return selectors.matches(typed(sel), view, ctx)


def zones(sel: Any) -> set[str] | None:
    found = typed(sel)
    assert not isinstance(found, str | tuple)
    return selectors.zones(found)


@dataclass
class _View:
    uid: int
    zone: str
    types: list[str]
    controller: str | None = "Anna"
    token: bool = False
    subtypes: list[str] = field(default_factory=list)
    supertypes: list[str] = field(default_factory=list)
    colors: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    all_creature_types: bool = False


CTX = SelectorContext(you="Anna", players=("Anna", "Bruno"))
INSTANT_OR_SORCERY: dict[str, Any] = {"any": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}


def test_any_alternatives_take_the_zone_given_beside_any() -> None:
    """``zone: stack`` beside ``any:`` applies to every alternative: no default ``battlefield`` inside."""
    selector = {**INSTANT_OR_SORCERY, "zone": "stack", "controller": "you"}
    assert matches(selector, _View(1, "stack", ["Instant"]), CTX)
    assert matches(selector, _View(2, "stack", ["Sorcery"]), CTX)
    assert not matches(selector, _View(3, "stack", ["Creature"]), CTX)
    assert not matches(selector, _View(4, "stack", ["Instant"], controller="Bruno"), CTX)
    assert not matches(selector, _View(5, "hand", ["Instant"]), CTX)
    assert zones(selector) == {"stack"}


def test_any_alternatives_keep_the_default_battlefield_zone() -> None:
    """With no zone anywhere, the default ``battlefield`` holds for every alternative."""
    assert not matches(INSTANT_OR_SORCERY, _View(1, "stack", ["Instant"]), CTX)
    assert matches({"any": [{"types": ["Creature"]}, {"types": ["Land"]}]}, _View(2, "battlefield", ["Land"]), CTX)
    assert zones(INSTANT_OR_SORCERY) == {"battlefield"}


def test_zone_all_beside_any_matches_every_zone() -> None:
    """``zone: all`` beside ``any:`` lets every alternative match anywhere."""
    selector = {**INSTANT_OR_SORCERY, "zone": "all"}
    assert matches(selector, _View(1, "graveyard", ["Sorcery"]), CTX)
    assert matches(selector, _View(2, "battlefield", ["Instant"]), CTX)
    assert zones(selector) is None


def test_explicit_zone_inside_an_alternative_adds_to_the_default() -> None:
    """Only an explicit ``zone`` inside an alternative restricts that alternative."""
    selector = {"types": ["Creature"], "any": [{"controller": "you"}, {"zone": "graveyard"}]}
    assert matches(selector, _View(1, "battlefield", ["Creature"]), CTX)
    assert matches(selector, _View(2, "graveyard", ["Creature"], controller=None), CTX)
    assert not matches(selector, _View(3, "battlefield", ["Creature"], controller="Bruno"), CTX)
    assert not matches(selector, _View(4, "hand", ["Creature"], controller=None), CTX)
    assert zones(selector) == {"battlefield", "graveyard"}


def test_explicit_zone_inside_an_alternative_is_combined_with_the_outer_zone() -> None:
    """Keys beside ``any:`` apply to every alternative, ``zone`` too: both zones must hold."""
    selector = {"zone": "stack", "any": [{"types": ["Instant"]}, {"types": ["Sorcery"], "zone": "graveyard"}]}
    assert matches(selector, _View(1, "stack", ["Instant"]), CTX)
    assert not matches(selector, _View(2, "graveyard", ["Sorcery"]), CTX)
    assert not matches(selector, _View(3, "stack", ["Sorcery"]), CTX)


def test_static_ability_over_instants_and_sorceries_on_the_stack_gives_deathtouch() -> None:
    """A Pestilent Spirit-like static gives deathtouch to its controller's instant on the stack: 2 damage
    destroys a 6/4 (CR 702.2b, 704.5h)."""
    r = run_text("""
title: t
source: s
players: [{name: Anna}, {name: Bruno}]
battlefield:
  - id: spirit
    name: Spirit
    types: [Creature]
    power: 3
    toughness: 2
    abilities:
      - static:
          affects: {any: [{types: [Instant]}, {types: [Sorcery]}], zone: stack, controller: you}
          add_keywords: [deathtouch]
  - {id: wurm, name: Wurm, types: [Creature], power: 6, toughness: 4, controller: Bruno}
actions:
  - cast: {object: {id: shock, name: Shock, types: [Instant], target: {types: [Creature]},
                    effect: [{damage: 2, to: target}]},
           controller: Anna, targets: [wurm]}
  - resolve
""")
    assert r.error is None
    assert r.final["objects"]["wurm"]["zone"] == "graveyard"
    assert any("704.5h" in s.rules for s in r.steps)
