"""YAML values and tags that PyYAML cannot build (dates, explicit tags) and deep nesting: Italian issues, exit 3."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judgekit.errors import InvalidFileError
from judgekit.yamlio import MAX_DEPTH, load_yaml_text

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "scenarios" / "layers" / "aquamoeba-puzzle.yaml"


def _issue(text: str):  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidFileError) as info:
        load_yaml_text(text, "s.yaml")
    return info.value.issues[0]


@pytest.mark.parametrize("text", ["title: 2024-13-45\n", "source: 2024-02-30\n", "a: 2024-01-01\n",
                                  "a: 2024-01-01 10:00:00\n", "a: !!timestamp 2024-99-99\n"])
def test_dates_stay_the_text_as_written(text: str) -> None:
    data = load_yaml_text(text, "s.yaml").data
    key, written = text.split(": ", 1)
    assert data[key] == written.strip().removeprefix("!!timestamp ")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a: 1\nb: !foo x\n", "«!foo» non ammesso"),
        ("a: 1\nb: !!binary aGVsbG8=\n", "«!!binary» non ammesso"),
        ("a: 1\nb: !!int \"abc\"\n", "«abc» non è un numero intero"),
        ("a: 1\nb: !!float abc\n", "«abc» non è un numero"),
        ("a: 1\nb: !!bool forse\n", "«forse» non è"),
        ("a: 1\nb: !!set {x}\n", "«!!set» non ammesso"),
        ("a: 1\nb: !!omap [x: 1]\n", "«!!omap» non ammesso"),
        ("a: 1\nb: !seq [1]\n", "«!seq» non ammesso"),
        ("a: 1\n!foo b: 1\n", "«!foo» non ammesso"),
    ],
)
def test_tags_are_refused_in_italian_with_line_and_key(text: str, words: str) -> None:
    issue = _issue(text)
    assert words in issue.message
    assert issue.line == 2
    assert issue.key == "b" or "!foo b" in text


def test_plain_scalar_tags_still_build_their_value() -> None:
    assert load_yaml_text("a: !!str 12\nb: !!int '12'\n", "s.yaml").data == {"a": "12", "b": 12}


@pytest.mark.parametrize("text", ["a: " + "[" * 500 + "]" * 500 + "\n",
                                  "a: " + "{b: " * 500 + "1" + "}" * 500 + "\n",
                                  "- " * 500 + "x\n",
                                  "a: " + "[" * 60_000 + "]" * 60_000 + "\n"])
def test_deep_nesting_is_refused_before_the_parser_recurses(text: str) -> None:
    issue = _issue(text)
    assert f"al massimo {MAX_DEPTH}" in issue.message
    assert issue.line == 1
    assert len(issue.key) < 40


def test_nesting_at_the_limit_is_accepted() -> None:
    depth = MAX_DEPTH - 1
    assert load_yaml_text("a: " + "[" * depth + "]" * depth, "s.yaml").data is not None


def _scenarios(tmp_path: Path, bad: str) -> Path:
    root = tmp_path / "scenarios"
    for folder in ("layers", "stack", "combat"):
        (root / folder).mkdir(parents=True)
    shutil.copy(SHIPPED, root / "layers" / SHIPPED.name)
    (root / "layers" / "zz-bad.yaml").write_text(bad, encoding="utf-8")
    shutil.copytree(ROOT / "scenarios" / "cards", root / "cards")
    return root


BAD_FILES = [
    "id: zz-bad\ntitle: x\nsource: 2024-02-30\nplayers: !!binary aGVsbG8=\n",
    "id: zz-bad\ntitle: x\nplayers: [{name: !!int \"abc\"}]\n",
    "id: zz-bad\ntitle: x\nplayers: " + "[" * 500 + "]" * 500 + "\n",
]


@pytest.mark.parametrize("bad", BAD_FILES)
def test_one_bad_scenario_does_not_stop_the_others(invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
                                                   bad: str) -> None:
    monkeypatch.setenv("JUDGEKIT_SCENARIOS_DIR", str(_scenarios(tmp_path, bad)))
    listing = invoke("scenarios")
    assert listing.exit_code == 0, listing.output
    assert "zz-bad" in listing.stdout and "aquamoeba-puzzle" in listing.stdout
    assert invoke("ruling", "aquamoeba-puzzle").exit_code == 0
    result = invoke("ruling", "zz-bad")
    assert result.exit_code == 3, result.output
    assert "zz-bad.yaml:" in result.stderr
    as_json = invoke("ruling", "--json", "zz-bad")
    assert as_json.exit_code == 3
    document = json.loads(as_json.stdout)
    assert document["error"]["line"] is not None


def test_a_date_title_is_listed_as_written(invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    text = SHIPPED.read_text(encoding="utf-8")
    text = text.replace("id: aquamoeba-puzzle", "id: zz-bad")
    text = "\n".join("title: 2024-13-45" if line.startswith("title:") else line for line in text.splitlines())
    monkeypatch.setenv("JUDGEKIT_SCENARIOS_DIR", str(_scenarios(tmp_path, text)))
    listing = invoke("scenarios")
    assert listing.exit_code == 0
    assert "2024-13-45" in listing.stdout
    assert invoke("ruling", "zz-bad").exit_code == 0


@pytest.mark.parametrize("bad", ["name: !!int \"abc\"\ntypes: [Creature]\n",
                                 "name: x\nsubtypes: " + "[" * 500 + "]" * 500 + "\n",
                                 "name: Bad\nmana_cost: 2024-02-30\n"])
def test_one_bad_card_does_not_stop_the_library(tmp_path: Path, bad: str) -> None:
    from judgekit.scenario import cards

    folder = tmp_path / "cards"
    shutil.copytree(ROOT / "scenarios" / "cards", folder)
    (folder / "zz-bad.yaml").write_text(bad, encoding="utf-8")
    assert cards.find("Abundant Growth", folder).data is not None
    issues = cards.validate_file(folder / "zz-bad.yaml")
    assert issues and all(i.line is not None for i in issues)


def test_a_bad_date_in_rules_it_is_told_by_the_command_that_needs_it(  # type: ignore[no-untyped-def]
        invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tmp_path / "rules_it"
    shutil.copytree(ROOT / "rules_it", rules)
    ipg = rules / "policy" / "ipg.yaml"
    lines = ipg.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("date:"))
    lines[number] = "date: 2024-09-31"
    ipg.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setenv("JUDGEKIT_RULES_DIR", str(rules))
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(tmp_path / "cache"))
    from judgekit import cache

    cache.reset()
    try:
        result = invoke("infraction", "GRV")
        other = invoke("rule", "300.1")
    finally:
        cache.reset()
    assert result.exit_code == 3, result.output
    assert f"ipg.yaml:{number + 1}  date: deve essere una data" in result.stderr
    assert other.exit_code == 0


def _pydantic_types() -> list[str]:
    import typing

    from pydantic_core.core_schema import ErrorType

    return sorted(set(typing.get_args(ErrorType)) - {"value_error", "assertion_error"})


@pytest.mark.parametrize("kind", _pydantic_types())
def test_no_pydantic_error_type_falls_through_in_english(kind: str) -> None:
    from judgekit.validation import italian_message

    message = italian_message({"type": kind, "loc": ("a",), "msg": "Input should be a valid thing",
                               "input": "x", "ctx": {}})
    assert message
    assert "Input" not in message and "should" not in message


def test_a_wrong_type_everywhere_in_a_scenario_is_told_in_italian() -> None:
    import re

    import yaml

    from judgekit.scenario.loader import load_scenario_text

    english = re.compile(r"\b(Input|should|Value error|Field required|Extra inputs|Unable)\b")
    base = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))
    checked = 0
    for key in base:
        for wrong in (123, "xx", [1], {"a": 1}, None, True, 1.5):
            data = {**base, key: wrong}
            try:
                load_scenario_text(yaml.safe_dump(data, allow_unicode=True), "s.yaml")
            except InvalidFileError as exc:
                checked += 1
                for issue in exc.issues:
                    assert not english.search(issue.message), (key, wrong, issue.message)
    assert checked > 20


@pytest.mark.parametrize("text", ["a: |x\n  b\n", "a:\n  - b\n  -\n- c\n", "a: 1\nb\n", "a: x: y\n",
                                  "a: &\n", "a: * b\n", "%FOO\n---\na: 1\n", "a:\n  b: 1\n - c\n", "{a: 1, - b}\n",
                                  "a: !<x\n", "a: \"\\xZZ\"\n", "a: \"x\n---\ny\"\n", "a: \x00\n", "a:\n\t- b\n",
                                  "a: b\n\tc: d\n"])
def test_yaml_syntax_errors_have_no_english(text: str) -> None:
    import re

    issue = _issue(text)
    assert issue.message.startswith("YAML non valido: ")
    assert not re.search(r"\b(found|expected|while|scanning|parsing|allowed|the)\b", issue.message), issue.message


def test_a_bad_rules_file_stops_only_the_commands_that_need_its_part(  # type: ignore[no-untyped-def]
        invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken CR file fails `rule` (and search, built on the rules) with its file and line, while the
    policy commands and the manual, which do not need it, still answer."""
    rules = tmp_path / "rules_it"
    shutil.copytree(ROOT / "rules_it", rules)
    cr = sorted((rules / "cr").glob("*.yaml"))[0]
    cr.write_text(cr.read_text(encoding="utf-8") + "\nbroken: [\n", encoding="utf-8")
    monkeypatch.setenv("JUDGEKIT_RULES_DIR", str(rules))
    monkeypatch.setenv("JUDGEKIT_CACHE_DIR", str(tmp_path / "cache"))
    from judgekit import cache

    cache.reset()
    try:
        rule = invoke("rule", "300.1")
        infraction = invoke("infraction", "GRV")
        penalties = invoke("penalties")
    finally:
        cache.reset()
    assert rule.exit_code == 3, rule.output
    assert cr.name in rule.stderr
    assert infraction.exit_code == 0, infraction.output
    assert penalties.exit_code == 0, penalties.output
