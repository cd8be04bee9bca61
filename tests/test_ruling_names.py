"""A card written by its Italian name is shown by its Italian name in every step of the ruling."""

from __future__ import annotations

from judgekit.ruling.names import scenario_names
from judgekit.ruling.run import run_text

SCENARIO = """
title: Nomi italiani
source: test
players: [{name: Anna}, {name: Bruno}]
battlefield:
  - {id: orso, card: Orsi Grizzly}
  - {id: elf, card: Llanowar Elves, controller: Bruno}
actions:
  - cast: {object: {id: shock, name: Shock, types: [Instant], mana_cost: "{R}",
           effect: [{damage: 2, to: target}], target: {types: [Creature]}}, targets: [orso]}
  - resolve
"""


def test_a_card_written_in_italian_is_named_in_italian() -> None:
    ruling = run_text(SCENARIO)
    text = " ".join(step.text for step in ruling.steps)
    assert "Orsi Grizzly" in text and "Grizzly Bears" not in text
    assert "Llanowar Elves" in text or "elf" not in text


def test_only_cards_written_in_italian_change_name() -> None:
    names = scenario_names({"battlefield": [
        {"id": "a", "card": "Orsi Grizzly", "card_name_it": "Orsi Grizzly", "name": "Grizzly Bears"},
        {"id": "b", "card": "Llanowar Elves", "card_name_it": "Elfi di Llanowar", "name": "Llanowar Elves"},
        {"id": "c", "card": "Orsi Grizzly", "card_name_it": "Orsi Grizzly", "name": "Orsi Grizzly"}]})
    assert names.card("Grizzly Bears") == "Orsi Grizzly"
    assert names.card("Llanowar Elves") == "Llanowar Elves"
