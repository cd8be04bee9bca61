"""``judgekit cards``, the user's card folder, and messages that say what to write instead."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from judgekit import paths
from judgekit.errors import InvalidFileError
from judgekit.scenario import cards, loader
from judgekit.scenario.loader import load_scenario, load_scenario_text

HEAD = "title: t\nsource: s\nplayers: [{name: Anna}, {name: Bruno}]\n"
SHIPPED = len(list(paths.cards_dir().glob("*.yaml")))


@pytest.fixture
def user_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user card folder, named by JUDGEKIT_CARDS_DIR."""
    folder = tmp_path / "mie-carte"
    folder.mkdir()
    monkeypatch.setenv("JUDGEKIT_CARDS_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _no_user_cards_from_outside(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JUDGEKIT_CARDS_DIR", raising=False)


def _json(invoke: Any, *args: str) -> dict[str, Any]:
    result = invoke("cards", *args, "--json")
    assert result.exit_code == 0, result.stderr
    doc: dict[str, Any] = json.loads(result.stdout)
    return doc


# -- listing and searching --------------------------------------------------------------------------------


def test_without_a_query_every_shipped_card_is_listed_with_both_names(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("cards")
    assert result.exit_code == 0, result.stderr
    assert f"{SHIPPED} carte" in result.stdout
    assert "Serra Angel · Angelo di Serra" in result.stdout
    assert "{3}{W}{W}" in result.stdout and "Creature — Angel" in result.stdout and "4/4" in result.stdout


def test_an_italian_keyword_finds_every_card_that_has_it(invoke) -> None:  # type: ignore[no-untyped-def]
    found = _json(invoke, "volare")["cards"]
    assert found and all("flying" in c["keywords"] for c in found)
    every = _json(invoke)["cards"]
    assert len(found) == sum(1 for c in every if "flying" in c["keywords"])


def test_type_words_in_italian_narrow_the_search_together(invoke) -> None:  # type: ignore[no-untyped-def]
    found = _json(invoke, "creatura", "orso")["cards"]
    assert found and all("Creature" in c["types"] and "Bear" in c["subtypes"] for c in found)


def test_case_and_accents_do_not_matter(invoke) -> None:  # type: ignore[no-untyped-def]
    assert _json(invoke, "RAPIDITA")["cards"] == _json(invoke, "rapidità")["cards"] != []


def test_a_typo_is_read_as_the_nearest_word(invoke) -> None:  # type: ignore[no-untyped-def]
    doc = _json(invoke, "volre")
    assert doc["read_as"] == {"volre": "volare"}
    assert doc["cards"] == _json(invoke, "volare")["cards"]
    text = invoke("cards", "volre").stdout
    assert "«volare» al posto di «volre»" in text


def test_a_misspelt_name_gives_the_nearest_cards(invoke) -> None:  # type: ignore[no-untyped-def]
    doc = _json(invoke, "Angelo", "di", "Sera")
    assert doc["nearest"] or doc["read_as"]
    assert [c["name"] for c in doc["cards"]][:1] == ["Serra Angel"]


def test_an_exact_name_shows_the_whole_card_with_its_italian_text(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("carte", "angelo di serra")
    assert result.exit_code == 0, result.stderr
    data = cards.find("Serra Angel").data or {}
    assert str(data["text_it"]).split()[0] in result.stdout
    assert "keywords:" in result.stdout and "card: Serra Angel" in result.stdout
    doc = _json(invoke, "Serra Angel")
    assert doc["exact"] and doc["card"]["name"] == "Serra Angel" and doc["card"]["text_it"]


def test_nothing_found_is_exit_1_and_json_still_one_document(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("cards", "zzqqxx")
    assert result.exit_code == 1 and "zzqqxx" in result.stderr
    as_json = invoke("cards", "zzqqxx", "--json")
    assert as_json.exit_code == 1
    assert json.loads(as_json.stdout)["cards"] == []


# -- the user's card folder -------------------------------------------------------------------------------


def _write_card(folder: Path, name: str, body: str) -> Path:
    path = folder / f"{cards.kebab(name)}.yaml"
    path.write_text(f"name: {name}\n{body}", encoding="utf-8")
    return path


def test_a_user_card_is_read_without_reinstalling(user_cards: Path, invoke) -> None:  # type: ignore[no-untyped-def]
    _write_card(user_cards, "Goblin di Casa", "types: [Creature]\nsubtypes: [Goblin]\npower: 3\ntoughness: 1\n")
    doc = _json(invoke, "goblin di casa")
    assert doc["exact"] and doc["cards"][0]["user"] is True
    loaded = load_scenario_text(HEAD + "battlefield:\n  - {id: g, card: goblin di casa}\n")
    assert loaded.objects["g"]["power"] == 3
    assert f"{SHIPPED + 1} carte (1 tua" in invoke("cards").stdout


def test_the_user_default_folder_is_under_the_user_data_folder(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGEKIT_DATA_DIR", str(tmp_path))
    assert paths.user_cards_dir() == tmp_path / "cards"
    monkeypatch.setenv("JUDGEKIT_CARDS_DIR", str(tmp_path / "altrove"))
    assert paths.user_cards_dir() == tmp_path / "altrove"


def test_a_user_card_with_a_shipped_name_wins_and_cards_says_so(user_cards: Path, invoke) -> None:  # type: ignore[no-untyped-def]
    _write_card(user_cards, "Grizzly Bears", "name_it: Orsi Grizzly\ntypes: [Creature]\npower: 5\ntoughness: 5\n")
    loaded = load_scenario_text(HEAD + "battlefield:\n  - {id: g, card: Orsi Grizzly}\n")
    assert loaded.objects["g"]["power"] == 5
    result = invoke("cards", "orsi")
    assert "sostituisce quella fornita" in result.stdout
    (found,) = _json(invoke, "Grizzly Bears")["cards"]
    assert found["user"] and found["replaces"] == [str(paths.cards_dir() / "grizzly-bears.yaml")]
    assert f"{SHIPPED} carte (1 tua" in invoke("cards").stdout


def test_a_user_card_change_invalidates_the_compiled_scenario(user_cards: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(tmp_path / "cache"))
    validated: list[str] = []
    real = loader._load

    def counting(doc: Any, *args: Any) -> Any:
        validated.append(doc.name)
        return real(doc, *args)

    monkeypatch.setattr(loader, "_load", counting)
    card = _write_card(user_cards, "Goblin di Casa", "types: [Creature]\npower: 3\ntoughness: 1\n")
    scenario = tmp_path / "s.yaml"
    scenario.write_text(HEAD + "battlefield:\n  - {id: g, card: Goblin di Casa}\n", encoding="utf-8")
    assert load_scenario(scenario).objects["g"]["power"] == 3
    assert load_scenario(scenario).objects["g"]["power"] == 3
    assert len(validated) == 1  # the second load came from the cache
    card.write_text(card.read_text(encoding="utf-8").replace("power: 3", "power: 12"), encoding="utf-8")
    assert load_scenario(scenario).objects["g"]["power"] == 12
    assert len(validated) == 2


def test_check_without_arguments_validates_the_user_card_folder(user_cards: Path, invoke) -> None:  # type: ignore[no-untyped-def]
    _write_card(user_cards, "Carta Rotta", "types: [Creature]\nkeywords: [volarre]\n")
    result = invoke("check", "--json")
    assert result.exit_code == 3
    issues = json.loads(result.stdout)["issues"]
    assert [i["key"] for i in issues if "carta-rotta.yaml" in i["file"]] == ["keywords[0]"]


# -- messages that say what to do -------------------------------------------------------------------------


def _issues(text: str) -> list[str]:
    with pytest.raises(InvalidFileError) as caught:
        load_scenario_text(text, "bad.yaml")
    return [i.format() for i in caught.value.issues]


def test_an_unknown_card_suggests_both_names_and_the_inline_form_to_write(invoke) -> None:  # type: ignore[no-untyped-def]
    (message,) = _issues(HEAD + "battlefield:\n  - {id: a, card: Orsi Grizzli, power: 3}\n")
    assert "battlefield[0].card" in message
    assert "Grizzly Bears / Orsi Grizzly" in message
    template = re.search(r"\{name: .*?toughness: \d+\}", message)
    assert template is not None and "name: Orsi Grizzli" in template.group(0) and "power: 3" in template.group(0)
    fixed = load_scenario_text(HEAD + f"battlefield:\n  - {template.group(0)}\n")
    assert fixed.objects["orsi-grizzli"]["power"] == 3


def test_an_unknown_card_name_that_needs_quotes_gets_them_in_the_template() -> None:
    (message,) = _issues(HEAD + "battlefield:\n  - {id: a, card: \"Pippo, Re dei Goblin\"}\n")
    template = re.search(r"\{name: .*?toughness: \d+\}", message)
    assert template is not None
    assert load_scenario_text(HEAD + f"battlefield:\n  - {template.group(0)}\n").objects


def test_a_wrong_mana_cost_in_a_card_cost_is_one_message(tmp_path: Path) -> None:
    path = _write_card(tmp_path, "Piromante Rotto", "types: [Creature]\npower: 1\ntoughness: 1\nabilities:\n"
                                                     "  - activated:\n      cost: [tap, {mana: \"{Q}\"}]\n"
                                                     "      effect: [{damage: 1, to: target}]\n")
    issues = cards.validate_file(path)
    assert len(issues) == 1, [i.format() for i in issues]
    assert issues[0].key == "abilities[0].activated.cost[1].mana"
    assert "{Q}" in issues[0].message


def test_a_cost_of_no_known_shape_says_which_forms_exist(tmp_path: Path) -> None:
    path = _write_card(tmp_path, "Costo Strano", "types: [Creature]\nabilities:\n  - activated:\n"
                                                  "      cost: [tapp]\n      effect: [{damage: 1, to: target}]\n")
    (issue,) = cards.validate_file(path)
    assert issue.key == "abilities[0].activated.cost[0]"
    assert "tap" in issue.message and "pay_life" in issue.message and "forse intendevi «tap»" in issue.message


def test_an_unknown_keyword_names_the_nearest_and_where_to_see_them_all() -> None:
    (message,) = _issues(HEAD + "battlefield:\n  - {id: a, name: A, types: [Creature], keywords: [travolgre]}\n")
    assert "abilità chiave sconosciuta «travolgre»" in message
    assert "trample" in message and "judgekit formato abilita" in message


def test_an_unknown_keyword_far_from_every_name_lists_them_all() -> None:
    from judgekit.engine import vocab

    (message,) = _issues(HEAD + "battlefield:\n  - {id: a, name: A, types: [Creature], keywords: [qqqzzz]}\n")
    assert all(k.value in message for k in vocab.Keyword)


def test_a_value_of_no_allowed_kind_is_one_message_naming_the_kinds() -> None:
    (message,) = _issues(HEAD + "actions:\n  - cast: {object: 5}\n")
    assert "actions[0].cast.object" in message
    assert "una mappa" in message and "un testo" in message
