"""Scenarios with cards of the imported card database (``judgekit import-cards``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.errors import InvalidFileError
from judgekit.ruling.run import run_text
from judgekit.scenario.imported import split_type_line
from tests.replay_helpers import life, obj

FIXTURE = Path(__file__).parent / "data" / "cards" / "mtgjson-atomic.json"

GISELA = """
title: prova
players: [{name: Anna}, {name: Bruno}]
active_player: Anna
step: main1
battlefield:
  - {id: gisela, card: "Gisela, the Broken Blade", controller: Anna}
actions:
  - declare_attackers: {gisela: Bruno}
  - declare_blockers: {}
  - combat_damage
"""


@pytest.fixture()
def imported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from judgekit.carddb import store

    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(tmp_path / "cache"))
    store.import_file(FIXTURE)


def test_the_type_line_is_split_into_supertypes_types_and_subtypes() -> None:
    assert split_type_line("Legendary Creature — Angel Horror") == (["Legendary"], ["Creature"], ["Angel", "Horror"])
    assert split_type_line("Instant") == ([], ["Instant"], [])


def test_without_an_import_a_card_outside_the_library_is_a_file_error(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(tmp_path / "data"))
    with pytest.raises(InvalidFileError) as caught:
        run_text(GISELA, "gisela.yaml")
    assert "Gisela" in caught.value.issues[0].message


def test_an_imported_card_replays_with_the_abilities_of_its_oracle_text(imported: None) -> None:
    ruling = run_text(GISELA, "gisela.yaml")
    assert ruling.error is None
    assert (life(ruling, "Anna"), life(ruling, "Bruno")) == (24, 16)  # first strike, 4 power, lifelink


def test_the_unmodelled_text_of_an_imported_card_is_an_assumption(imported: None) -> None:
    ruling = run_text(GISELA, "gisela.yaml")
    notes = [a for a in ruling.assumptions if a.key == "card:Gisela, the Broken Blade"]
    assert len(notes) == 1
    assert "meld" in notes[0].text and "carte importate" in notes[0].text
    assert notes[0].choices.startswith("{name: ")


def test_an_imported_card_is_found_by_its_italian_name(imported: None) -> None:
    text = ("title: prova\nplayers: [{name: Anna}, {name: Bruno}]\nactive_player: Anna\nstep: main1\n"
            "battlefield:\n  - {id: bears, card: Grizzly Bears, controller: Bruno}\n"
            "actions:\n  - cast: {card: Ghiaccio, targets: [bears]}\n  - resolve\n")
    ruling = run_text(text, "ghiaccio.yaml")
    assert ruling.error is None
    assert obj(ruling, "bears")["tapped"] is True
    notes = [a.text for a in ruling.assumptions if a.key.startswith("card:")]
    assert notes and "Fire" in notes[0]  # the other face of the split card is not modelled


def test_a_library_card_asked_by_an_italian_name_only_the_import_knows_stays_the_library_card(imported: None) -> None:
    from judgekit.scenario import cards

    entry = cards.find("Contromagia")
    assert entry.name == "Counterspell"
    assert not entry.imported


def test_an_unknown_card_says_whether_cards_were_imported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from judgekit.carddb import store

    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(tmp_path / "data"))
    text = GISELA.replace('"Gisela, the Broken Blade"', "Nessuna Carta Così")
    with pytest.raises(InvalidFileError) as before:
        run_text(text, "x.yaml")
    assert "judgekit import-cards" in before.value.issues[0].message
    store.import_file(FIXTURE)
    with pytest.raises(InvalidFileError) as after:
        run_text(text, "x.yaml")
    assert "né tra le carte importate" in after.value.issues[0].message


def test_a_card_file_outside_the_card_folder_is_checked_as_a_card(tmp_path: Path) -> None:
    from judgekit.check import kind_of

    card = tmp_path / "orco.yaml"
    card.write_text('name: Gray Ogre\ntypes: [Creature]\nmana_cost: "{2}{R}"\npower: 2\ntoughness: 2\n',
                    encoding="utf-8")
    scenario = tmp_path / "scena.yaml"
    scenario.write_text("title: x\nplayers: [{name: Anna}]\nbattlefield: []\nactions: []\n", encoding="utf-8")
    assert kind_of(card) == "cards"
    assert kind_of(scenario) == "scenario"
