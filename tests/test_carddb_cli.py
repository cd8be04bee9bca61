"""``judgekit card`` and ``judgekit import-cards`` from the command line, and the small card API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgekit import carddb
from judgekit.carddb import library

DATA = Path(__file__).resolve().parent / "data" / "cards"
MTGJSON = DATA / "mtgjson-atomic.json"
SCRYFALL = DATA / "oracle-cards-20240502090000.json"

CARD_KEYS = ["name", "name_it", "layout", "mana_cost", "mana_value", "colors", "type_line", "type_line_it", "text",
             "text_it", "power", "toughness", "loyalty", "defense", "keywords", "faces", "rulings", "legalities",
             "source", "modelled", "unmodelled"]
FACE_KEYS = ["name", "name_it", "mana_cost", "type_line", "text", "text_it", "power", "toughness"]


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(tmp_path / "data"))
    library.reset()


@pytest.fixture
def imported(invoke) -> None:  # type: ignore[no-untyped-def]
    for file in (MTGJSON, SCRYFALL):
        result = invoke("import-cards", str(file))
        assert result.exit_code == 0, result.output


def test_import_cards_prints_what_it_read_in_italian(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("import-cards", str(MTGJSON))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "MTGJSON" in out and "1 maggio 2024" in out
    assert "14 carte" in out and "16 facce" in out and "6 carte con il nome italiano" in out and "4 ruling" in out


def test_import_cards_json_is_one_document_with_the_counts(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("importa-carte", str(SCRYFALL), "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["format"] == "scryfall" and doc["cards"] == 10 and doc["skipped"] == 2
    assert doc["date"] == "2024-05-02" and doc["faces"] == 10


def test_refused_import_exits_3_with_a_json_error(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("import-cards", str(DATA / "bad-latin1.json"), "--json")
    assert result.exit_code == 3
    doc = json.loads(result.stdout)
    assert doc["ok"] is False and doc["error"]["code"] == 3 and "UTF-8" in doc["error"]["message"]
    result = invoke("import-cards", str(DATA / "bad-truncated.json"))
    assert result.exit_code == 3 and "troncato" in result.stderr


def test_card_json_has_exactly_the_documented_keys(invoke, imported) -> None:  # type: ignore[no-untyped-def]
    result = invoke("card", "Stomp", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert list(doc) == ["card"]
    card = doc["card"]
    assert list(card) == CARD_KEYS
    assert [list(face) for face in card["faces"]] == [FACE_KEYS, FACE_KEYS]
    assert card["name"] == "Bonecrusher Giant // Stomp" and card["layout"] == "adventure"
    assert card["source"] == "mtgjson+scryfall" and card["modelled"] is False
    assert card["unmodelled"] and all(isinstance(line, str) for line in card["unmodelled"])
    assert card["rulings"] == [{"date": "2019-10-04",
                                "text": "If Stomp is countered, the card goes to its owner's graveyard instead of "
                                        "exile."}]


def test_card_finds_a_face_by_its_italian_name(invoke, imported) -> None:  # type: ignore[no-untyped-def]
    result = invoke("carta", "ghiaccio", "--json")
    assert result.exit_code == 0, result.output
    card = json.loads(result.stdout)["card"]
    assert card["name"] == "Fire // Ice" and card["faces"][1]["name_it"] == "Ghiaccio"


def test_card_text_uses_italian_labels(invoke, imported) -> None:  # type: ignore[no-untyped-def]
    result = invoke("card", "Fire", "//", "Ice")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for label in ("Fire // Ice · Fuoco // Ghiaccio", "carta divisa", "valore di mana 4", "Faccia 1: Fire · Fuoco",
                  "Testo Oracle:", "Testo italiano:", "Ruling (2)", "2020-11-10", "Formati:", "modern legale",
                  "standard non legale", "Fonte: MTGJSON (1 maggio 2024), Scryfall (2 maggio 2024)"):
        assert label in out, label
    tarmogoyf = invoke("card", "Tarmogoyf").stdout
    assert "forza/costituzione */1+*" in tarmogoyf
    assert "fedeltà 3" in invoke("card", "Liliana of the Veil").stdout
    assert "difesa 3" in invoke("card", "Invasion of Zendikar").stdout
    assert "limitata" in invoke("card", "Ancestral Recall").stdout


def test_library_card_is_found_without_an_import(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("card", "Doubling", "Season", "--json")
    assert result.exit_code == 0, result.output
    card = json.loads(result.stdout)["card"]
    assert card["source"] == "libreria" and card["modelled"] is True
    assert card["mana_cost"] == "{4}{G}" and card["mana_value"] == 5 and card["colors"] == ["G"]
    assert card["type_line"] == "Enchantment"
    assert card["text"].startswith("If an effect would create one or more tokens")
    assert card["legalities"] == {} and card["rulings"] == [] and card["faces"] == []


def test_card_in_both_merges_imported_data_with_the_library(invoke, imported) -> None:  # type: ignore[no-untyped-def]
    card = json.loads(invoke("card", "Orsi Grizzly", "--json").stdout)["card"]
    assert card["name"] == "Grizzly Bears"
    assert card["source"] == "mtgjson+libreria" and card["modelled"] is True
    assert card["name_it"] == "Orsi Grizzly"                 # the library's, the import has none
    assert card["legalities"]["modern"] == "legal"           # the import's
    bolt = json.loads(invoke("card", "Fulmine", "--json").stdout)["card"]
    assert bolt["text_it"] == "Il Fulmine infligge 3 danni a un qualsiasi bersaglio."  # the printed text wins


def test_misspelt_name_is_read_as_the_nearest_card(invoke, imported) -> None:  # type: ignore[no-untyped-def]
    result = invoke("card", "Tarmogoiff")
    assert result.exit_code == 0, result.output
    assert "mostro «Tarmogoyf»" in result.stdout
    result = invoke("card", "Insectile Aberation", "--json")
    assert json.loads(result.stdout)["card"]["name"] == "Delver of Secrets // Insectile Aberration"
    assert "letto «Insectile Aberration»" in result.stderr


def test_unknown_card_exits_1_with_suggestions(invoke, imported) -> None:  # type: ignore[no-untyped-def]
    result = invoke("card", "Bolt")
    assert result.exit_code == 1
    assert "Forse cercavi" in result.stderr and "Lightning Bolt" in result.stderr
    result = invoke("card", "Qwxz Zzyv", "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["ok"] is False and doc["error"]["code"] == 1


def test_card_without_argument_is_a_usage_error(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("card")
    assert result.exit_code == 2


# -- the API ---------------------------------------------------------------------------------------------------

def test_lookup_all_names_and_suggest(imported) -> None:  # type: ignore[no-untyped-def]
    assert carddb.lookup("no such card at all") is None
    card = carddb.lookup("VALKI, GOD OF LIES")
    assert card is not None and card["layout"] == "modal_dfc"
    names = carddb.all_names()
    for name in ("Fire // Ice", "Fire", "Fuoco", "Ghiaccio", "Tibalt, Cosmic Impostor", "Doubling Season",
                 "Orsi Grizzly", "Sheoldred, the Apocalypse"):
        assert name in names, name
    assert "Sheoldred, the Apocalypse" in carddb.suggest("Sheoldred")
    assert carddb.suggest("") == []


def test_user_card_counts_as_modelled(tmp_path: Path, invoke) -> None:  # type: ignore[no-untyped-def]
    from judgekit import paths

    folder = paths.user_cards_dir()
    folder.mkdir(parents=True)
    (folder / "mia-carta.yaml").write_text("name: Mia Carta\ntypes: [Creature]\nmana_cost: '{1}{W/U}'\n"
                                           "power: 1\ntoughness: 1\n", encoding="utf-8")
    library.reset()
    card = json.loads(invoke("card", "mia carta", "--json").stdout)["card"]
    assert card["modelled"] is True and card["colors"] == ["W", "U"] and card["mana_value"] == 2


def test_completion_offers_imported_and_library_names(imported) -> None:  # type: ignore[no-untyped-def]
    from tests.test_completion import _values

    assert "Sheoldred," in _values(["card"], "Sheo")
    assert "Doubling" in _values(["card"], "Doub")
    assert "Ghiaccio" in _values(["carta"], "Ghia")
