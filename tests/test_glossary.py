"""The IT/EN glossary: size, canonical scenario values reachable from Italian names, duplicate refusal."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.cache import CompileContext
from judgekit.corpus.glossary import alias_map, compile_glossary, fold, lookup, to_canonical, validate_file
from judgekit.errors import InvalidFileError

ROOT = Path(__file__).resolve().parent.parent

# The game-term values of the scenario contract (SCENARIO-FORMAT.md, version 1).
KEYWORDS = ["flying", "reach", "first_strike", "double_strike", "trample", "deathtouch", "lifelink", "vigilance",
            "haste", "defender", "menace", "indestructible", "hexproof", "shroud", "infect", "wither", "persist",
            "undying"]
CARD_TYPES = ["Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery"]
SUPERTYPES = ["Basic", "Legendary", "Snow", "World"]
COLORS = ["white", "blue", "black", "red", "green"]
STEPS = ["upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage",
         "end_of_combat", "main2", "end", "untap", "cleanup"]
ZONES = ["library", "hand", "battlefield", "graveyard", "stack", "exile", "command"]


@pytest.fixture(scope="module")
def entries() -> list[dict]:
    return compile_glossary(CompileContext(ROOT / "rules_it", ROOT / "tests" / "data" / "no-user-dir"))


def _write(tmp_path: Path, body: str) -> CompileContext:
    rules = tmp_path / "rules_it"
    rules.mkdir()
    (rules / "glossary.yaml").write_text(body, encoding="utf-8")
    return CompileContext(rules, tmp_path / "user")


def test_glossary_has_at_least_150_entries_in_every_needed_category(entries: list[dict]) -> None:
    assert len(entries) >= 150
    categories = {e["category"] for e in entries}
    for needed in ("keyword", "card_type", "supertype", "subtype", "step", "phase", "zone", "action", "counter",
                   "color", "term", "slang", "policy"):
        assert needed in categories, needed


@pytest.mark.parametrize(("category", "values"), [
    ("keyword", KEYWORDS), ("card_type", CARD_TYPES), ("supertype", SUPERTYPES), ("color", COLORS),
    ("step", STEPS), ("zone", ZONES),
])
def test_every_scenario_value_is_canonical_and_has_an_italian_name(entries: list[dict], category: str,
                                                                    values: list[str]) -> None:
    table = alias_map(entries, category)
    by_canonical = {e["canonical"]: e for e in entries if e["category"] == category and e["canonical"]}
    for value in values:
        assert table.get(fold(value)) == value, value
        entry = by_canonical[value]
        assert table[fold(entry["it"])] == value, entry["it"]


@pytest.mark.parametrize(("category", "word", "canonical"), [
    ("keyword", "volare", "flying"),
    ("keyword", "attacco_improvviso", "first_strike"),
    ("keyword", "Attacco improvviso", "first_strike"),
    ("keyword", "doppio_attacco", "double_strike"),
    ("keyword", "tocco_letale", "deathtouch"),
    ("keyword", "legame_vitale", "lifelink"),
    ("keyword", "Rapidità", "haste"),
    ("keyword", "rapidita", "haste"),
    ("keyword", "anti_malocchio", "hexproof"),
    ("keyword", "Anti-malocchio", "hexproof"),
    ("keyword", "immortale", "undying"),
    ("keyword", "non_morto", "undying"),
    ("keyword", "travolgere", "trample"),
    ("card_type", "Creatura", "Creature"),
    ("card_type", "creatura", "Creature"),
    ("card_type", "Tribale", "Kindred"),
    ("card_type", "Affine", "Kindred"),
    ("supertype", "Leggendario", "Legendary"),
    ("subtype", "Equipaggiamento", "Equipment"),
    ("subtype", "Palude", "Swamp"),
    ("subtype", "Scoiattolo", "Squirrel"),
    ("color", "verde", "green"),
    ("step", "dichiarazione_delle_creature_bloccanti", "declare_blockers"),
    ("step", "mantenimento", "upkeep"),
    ("step", "sottofase finale", "end"),
    ("step", "fase principale post-combattimento", "main2"),
    ("zone", "cimitero", "graveyard"),
    ("zone", "campo_di_battaglia", "battlefield"),
    ("action", "esiliare", "exile"),
    ("counter", "fedeltà", "loyalty"),
    ("counter", "+1/+1", "+1/+1"),
    ("counter", "-1/-1", "-1/-1"),
])
def test_italian_aliases_map_to_canonical_values(entries: list[dict], category: str, word: str,
                                                 canonical: str) -> None:
    assert to_canonical(entries, category, word) == canonical


def test_alias_map_is_per_category(entries: list[dict]) -> None:
    assert alias_map(entries, "zone")["esilio"] == "exile"
    assert "esilio" not in alias_map(entries, "action")
    assert "volare" not in alias_map(entries, "card_type")
    both = alias_map(entries, ("keyword", "color"))
    assert both["volare"] == "flying" and both["nero"] == "black"


def test_fold_lowercases_removes_accents_and_joins_words() -> None:
    assert fold("Attacco improvviso") == "attacco_improvviso"
    assert fold("  Fedeltà ") == "fedelta"
    assert fold("anti-malocchio") == "anti_malocchio"
    assert fold("fase principale pre-combattimento") == "fase_principale_pre_combattimento"
    assert fold("-1/-1") == "-1/-1"


def test_lookup_finds_entries_by_any_name(entries: list[dict]) -> None:
    found = lookup(entries, "deathtouch")
    assert [e["it"] for e in found] == ["Tocco letale"]
    assert found[0]["rules"][0] == "702.2"


def test_every_entry_has_an_italian_definition(entries: list[dict]) -> None:
    missing = [e["it"] for e in entries if not e.get("definition")]
    assert missing == []


def test_damage_assignment_order_is_marked_as_history(entries: list[dict]) -> None:
    entry = lookup(entries, "damage assignment order")[0]
    assert "Fondamenti" in entry["definition"]


def test_duplicate_italian_name_is_refused_with_its_line(tmp_path: Path) -> None:
    ctx = _write(tmp_path, "entries:\n"
                           "  - {it: Volare, en: Flying, category: keyword, canonical: flying}\n"
                           "  - {it: volare, en: Fly, category: action}\n")
    with pytest.raises(InvalidFileError) as info:
        compile_glossary(ctx)
    issue = info.value.issues[0]
    assert issue.file == "rules_it/glossary.yaml"
    assert issue.line == 3
    assert "ripetuto" in issue.message


def test_duplicate_canonical_in_one_category_is_refused(tmp_path: Path) -> None:
    ctx = _write(tmp_path, "entries:\n"
                           "  - {it: Volare, en: Flying, category: keyword, canonical: flying}\n"
                           "  - {it: Librarsi, en: Soaring, category: keyword, canonical: flying}\n")
    with pytest.raises(InvalidFileError) as info:
        compile_glossary(ctx)
    assert info.value.issues[0].line == 3
    assert "flying" in info.value.issues[0].message


def test_same_canonical_in_different_categories_is_allowed(tmp_path: Path) -> None:
    ctx = _write(tmp_path, "entries:\n"
                           "  - {it: Esilio, en: Exile, category: zone, canonical: exile}\n"
                           "  - {it: Esiliare, en: Exile, category: action, canonical: exile}\n")
    assert len(compile_glossary(ctx)) == 2


def test_alias_naming_two_canonical_values_is_refused(tmp_path: Path) -> None:
    ctx = _write(tmp_path, "entries:\n"
                           "  - {it: Volare, en: Flying, category: keyword, canonical: flying, aliases_it: [alto]}\n"
                           "  - {it: Raggiungere, en: Reach, category: keyword, canonical: reach,"
                           " aliases_it: [Alto]}\n")
    with pytest.raises(InvalidFileError) as info:
        compile_glossary(ctx)
    assert "alto" in info.value.issues[0].message.lower()


def test_unknown_category_is_a_validation_error(tmp_path: Path) -> None:
    ctx = _write(tmp_path, "entries:\n  - {it: Volare, en: Flying, category: parola}\n")
    with pytest.raises(InvalidFileError) as info:
        compile_glossary(ctx)
    assert info.value.issues[0].key == "entries[0].category"


def test_validate_file_reports_duplicates_without_raising(tmp_path: Path) -> None:
    path = tmp_path / "glossary.yaml"
    path.write_text("entries:\n"
                    "  - {it: Pila, en: Stack, category: zone, canonical: stack}\n"
                    "  - {it: pila, en: Pile, category: term}\n", encoding="utf-8")
    issues = validate_file(path)
    assert len(issues) == 1 and issues[0].line == 3
    assert validate_file(ROOT / "rules_it" / "glossary.yaml") == []
