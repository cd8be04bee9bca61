"""``judgekit import-cards``: both formats, every shape of card, merging, and the files it refuses."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from judgekit import carddb
from judgekit.carddb import jsonstream, library, store
from judgekit.errors import InvalidFileError

DATA = Path(__file__).resolve().parent / "data" / "cards"
MTGJSON = DATA / "mtgjson-atomic.json"
SCRYFALL = DATA / "oracle-cards-20240502090000.json"


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(tmp_path / "data"))
    library.reset()


def _db() -> Path:
    from judgekit import paths

    return paths.cards_db()


def _card(name: str) -> dict[str, Any]:
    found = carddb.lookup(name)
    assert found is not None, name
    return found


# -- MTGJSON ---------------------------------------------------------------------------------------------------

def test_import_mtgjson_counts_cards_faces_italian_names_and_rulings() -> None:
    result = store.import_file(MTGJSON)
    assert result["format"] == "mtgjson"
    assert result["date"] == "2024-05-01" and result["version"] == "5.2.2+20240501"
    assert result["cards"] == 14
    assert result["faces"] == 16          # eight cards with two faces
    assert result["italian_names"] == 6
    assert result["rulings"] == 4
    assert result["total_cards"] == 14
    assert _db().is_file()


def test_split_card_is_found_by_every_face_in_english_and_italian() -> None:
    store.import_file(MTGJSON)
    for name in ("Fire // Ice", "Fire", "Ice", "Fuoco", "Ghiaccio", "Fuoco // Ghiaccio", "fire ice", "GHIACCIO"):
        assert _card(name)["name"] == "Fire // Ice", name
    card = _card("Fire")
    assert card["name_it"] == "Fuoco // Ghiaccio"
    assert card["layout"] == "split"
    assert card["mana_value"] == 4
    assert card["mana_cost"] == "{1}{R} // {1}{U}"
    assert card["colors"] == ["U", "R"]
    assert [(f["name"], f["name_it"]) for f in card["faces"]] == [("Fire", "Fuoco"), ("Ice", "Ghiaccio")]
    assert card["faces"][1]["text_it"] == "TAPpa un permanente bersaglio.\nPesca una carta."
    assert card["faces"][0]["type_line"] == "Instant"


def test_italian_name_without_face_name_is_split_by_face() -> None:
    store.import_file(MTGJSON)
    assert _card("Vita")["name"] == "Life // Death"
    card = _card("Morte")
    assert card["name_it"] == "Vita // Morte"
    assert [f["name_it"] for f in card["faces"]] == ["Vita", "Morte"]


def test_adventure_transform_and_modal_faces_are_found_by_their_own_names() -> None:
    store.import_file(MTGJSON)
    assert _card("Stomp")["name"] == "Bonecrusher Giant // Stomp"
    assert _card("Stomp")["faces"][1]["mana_cost"] == "{1}{R}"
    assert _card("Insectile Aberration")["name"] == "Delver of Secrets // Insectile Aberration"
    assert _card("Insectile Aberration")["faces"][1]["power"] == "3"
    tibalt = _card("Tibalt, Cosmic Impostor")
    assert tibalt["name"] == "Valki, God of Lies // Tibalt, Cosmic Impostor"
    assert tibalt["layout"] == "modal_dfc"
    assert tibalt["colors"] == ["B", "R"]
    assert _card("valki god of lies")["name"] == tibalt["name"]


def test_meld_face_shared_by_two_cards_is_found() -> None:
    store.import_file(MTGJSON)
    card = _card("Brisela, Voice of Nightmares")
    assert card["layout"] == "meld"
    assert "Brisela, Voice of Nightmares" in [f["name"] for f in card["faces"]]


def test_star_power_loyalty_and_defense_are_kept_as_printed() -> None:
    store.import_file(MTGJSON)
    goyf = _card("Tarmogoyf")
    assert (goyf["power"], goyf["toughness"]) == ("*", "1+*")
    assert goyf["faces"] == []
    assert _card("Liliana of the Veil")["loyalty"] == "3"
    battle = _card("Invasion of Zendikar")
    assert battle["defense"] == "3"
    assert battle["faces"][1]["name"] == "Awakened Skyclave"


def test_rulings_keep_their_dates_and_legalities_are_normalised() -> None:
    store.import_file(MTGJSON)
    card = _card("Fire // Ice")
    assert card["rulings"][0]["date"] == "2020-11-10"
    assert len(card["rulings"]) == 2  # both faces carry them: kept once
    assert card["legalities"] == {"standard": "not_legal", "pioneer": "not_legal", "modern": "legal",
                                  "legacy": "legal", "vintage": "legal", "pauper": "legal", "commander": "legal"}


# -- Scryfall --------------------------------------------------------------------------------------------------

def test_import_scryfall_skips_tokens_and_art_cards_and_dates_from_the_file_name() -> None:
    result = store.import_file(SCRYFALL)
    assert result["format"] == "scryfall"
    assert result["cards"] == 10 and result["skipped"] == 2
    assert result["date"] == "2024-05-02"
    assert result["italian_names"] == 0 and result["rulings"] == 0
    assert carddb.lookup("Goblin") is None or carddb.lookup("Goblin")["layout"] != "token"  # type: ignore[index]


def test_scryfall_faces_colors_and_restricted_status() -> None:
    store.import_file(SCRYFALL)
    delver = _card("Insectile Aberration")
    assert delver["colors"] == ["U"]           # no colors at the top of a double-faced card: from its faces
    assert delver["mana_cost"] == "{U}"
    assert delver["faces"][1]["mana_cost"] is None
    assert _card("Ancestral Recall")["legalities"]["vintage"] == "restricted"
    assert _card("Ancestral Recall")["legalities"]["legacy"] == "banned"
    assert _card("Invasion of Zendikar")["defense"] == "3"
    assert _card("Tibalt, Cosmic Impostor")["faces"][1]["name"] == "Tibalt, Cosmic Impostor"


def test_scryfall_date_falls_back_on_the_file_modification_day(tmp_path: Path) -> None:
    copy = tmp_path / "oracle.json"
    shutil.copy(SCRYFALL, copy)
    os.utime(copy, (1_700_000_000, 1_700_000_000))
    result = store.import_file(copy)
    assert result["date"] == "2023-11-14" and result["date_from"] == "data di modifica del file"


# -- merging ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("order", [(MTGJSON, SCRYFALL), (SCRYFALL, MTGJSON)])
def test_import_merges_mtgjson_over_scryfall(order: tuple[Path, Path]) -> None:
    for file in order:
        result = store.import_file(file)
    assert result["total_cards"] == 16
    assert result["sources"] == ["mtgjson", "scryfall"]
    bolt = _card("Lightning Bolt")
    assert bolt["text"] == "Lightning Bolt deals 3 damage to any target."       # MTGJSON wins
    assert bolt["source"] == "mtgjson+scryfall+libreria"
    assert _card("Serra Angel")["keywords"] == ["Flying", "Vigilance"]          # Scryfall fills
    assert _card("Ancestral Recall")["source"] == "scryfall"                   # only Scryfall has it
    assert _card("Sheoldred, the Apocalypse")["source"] == "scryfall+libreria"
    assert _card("Fuoco")["name"] == "Fire // Ice"
    assert set(store.read_sources()) == {"mtgjson", "scryfall"}


def test_second_import_of_the_same_source_replaces_it(tmp_path: Path) -> None:
    store.import_file(MTGJSON)
    store.import_file(SCRYFALL)
    smaller = tmp_path / "AtomicCards.json"
    doc = json.loads(MTGJSON.read_text(encoding="utf-8"))
    doc["data"] = {"Counterspell": doc["data"]["Counterspell"]}
    doc["meta"]["date"] = "2024-06-01"
    smaller.write_text(json.dumps(doc), encoding="utf-8")
    result = store.import_file(smaller)
    assert result["cards"] == 1
    assert carddb.lookup("Life // Death") is None          # only MTGJSON had it
    assert _card("Fire")["source"] == "scryfall"
    assert store.read_sources()["mtgjson"]["date"] == "2024-06-01"


# -- refused files ---------------------------------------------------------------------------------------------

BAD = ["bad-truncated.json", "bad-not-cards.json", "bad-latin1.json", "bad-no-name.json",
       "bad-scryfall-no-name.json"]


@pytest.mark.parametrize("name", BAD)
def test_refused_import_leaves_the_previous_database_untouched(name: str) -> None:
    store.import_file(MTGJSON)
    before = _db().read_bytes()
    with pytest.raises(InvalidFileError):
        store.import_file(DATA / name)
    assert _db().read_bytes() == before
    assert [p.name for p in _db().parent.iterdir() if p.name.endswith(".tmp")] == []


def _refusal(path: Path) -> str:
    with pytest.raises(InvalidFileError) as info:
        store.import_file(path)
    return info.value.render()


def test_latin1_file_is_refused_naming_the_byte_offset() -> None:
    message = _refusal(DATA / "bad-latin1.json")
    assert "UTF-8" in message and "0xc9" in message and "posizione 458" in message


def test_truncated_file_is_refused_as_truncated() -> None:
    assert "troncato" in _refusal(DATA / "bad-truncated.json")


def test_file_that_is_not_a_card_file_is_refused() -> None:
    assert "non è un file di carte" in _refusal(DATA / "bad-not-cards.json")


def test_card_without_name_is_refused_with_its_place() -> None:
    message = _refusal(DATA / "bad-no-name.json")
    assert "bad-no-name.json:15" in message and "data.«Counterspell»[0].name" in message
    assert "manca il nome" in message
    assert "[1].name" in _refusal(DATA / "bad-scryfall-no-name.json")


@pytest.mark.parametrize("text,expected", [
    ("", "vuoto"),
    ("[]", "non contiene carte"),
    ('{"meta": {}, "data": {}}', "non contiene carte"),
    ('{"meta": {"date": "2024-01-01"}}', "data"),
    ("Magic: the Gathering Comprehensive Rules", "non è un file di carte"),
    ("[1, 2, 3]", "non è un file di carte"),
    ('{"data": {"X": [{"name": 5}]}}', "deve essere un testo"),
    ('{"data": {"X": {"name": "X"}}}', "lista delle facce"),
    ('{"data": {"X": [{"name": "X"}]}} trailing', "dopo la fine"),
    ('{"data": {"X": [{"name": "X", "power": true}]}}', "atteso un testo"),
    ('{"data": {"X": [{"name": "X",, }]}}', "JSON non valido"),
    ('[{"object": "card", "name": "X", "legalities": {"modern": 1}}]', "atteso un testo"),
    ("[" * 100000, "annidati troppo"),
    ("[{\"object\": \"card\", \"name\": \"X\"}, {\"name\": \"Y\"", "troncato"),
])
def test_malformed_files_are_refused_in_italian(tmp_path: Path, text: str, expected: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    assert expected in _refusal(bad)
    assert not _db().exists()


def test_deeply_nested_value_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "deep.json"
    bad.write_text('{"data": {"X": ' + "[" * 200000 + "]" * 200000 + "}}", encoding="utf-8")
    assert "JSON non valido" in _refusal(bad)


def test_utf16_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "utf16.json"
    bad.write_bytes(MTGJSON.read_text(encoding="utf-8").encode("utf-16"))
    assert "posizione 0" in _refusal(bad)


def test_missing_file_is_an_access_error(tmp_path: Path) -> None:
    from judgekit.errors import FileAccessError

    with pytest.raises(FileAccessError):
        store.import_file(tmp_path / "missing.json")


def test_damaged_database_is_replaced_with_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    _db().parent.mkdir(parents=True, exist_ok=True)
    _db().write_bytes(b"not a database at all" * 100)
    result = store.import_file(MTGJSON)
    assert result["total_cards"] == 14
    assert "danneggiato" in capsys.readouterr().err


# -- the streaming reader --------------------------------------------------------------------------------------

def _cards_in(path: Path) -> list[tuple[str, str]]:
    conn = sqlite3.connect(path)
    try:
        return sorted(conn.execute("SELECT name, doc FROM cards").fetchall())
    finally:
        conn.close()


def test_tiny_chunks_read_the_same_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunk edges inside UTF-8 sequences, strings, numbers and keys change nothing."""
    store.import_file(MTGJSON, tmp_path / "big.sqlite3")
    store.import_file(SCRYFALL, tmp_path / "big.sqlite3")
    monkeypatch.setattr(jsonstream, "CHUNK", 7)
    bom = tmp_path / "AtomicCards.json"
    bom.write_bytes(b"\xef\xbb\xbf" + MTGJSON.read_bytes())
    store.import_file(bom, tmp_path / "small.sqlite3")
    store.import_file(SCRYFALL, tmp_path / "small.sqlite3")
    assert _cards_in(tmp_path / "small.sqlite3") == _cards_in(tmp_path / "big.sqlite3")


def test_byte_offset_of_invalid_utf8_across_chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonstream, "CHUNK", 5)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"data": {"\xc3\xa8\xc3\xa8": [{"name": "X\xe9"}]}}')
    message = _refusal(bad)
    assert "posizione 30" in message and "0xe9" in message


def test_a_value_larger_than_the_limit_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonstream, "MAX_VALUE_CHARS", 1000)
    monkeypatch.setattr(jsonstream, "CHUNK", 100)
    bad = tmp_path / "big.json"
    bad.write_text('{"data": {"X": [{"name": "X", "text": "' + "a" * 5000 + '"}]}}', encoding="utf-8")
    with open(bad, "rb") as handle:
        stream = jsonstream.JsonStream(handle, "big.json", max_value=1000)
        stream.expect("{", "")
        stream.string("")
        stream.expect(":", "")
        stream.expect("{", "")
        stream.string("")
        stream.expect(":", "")
        with pytest.raises(InvalidFileError) as info:
            stream.value()
    assert "supera" in info.value.render()
