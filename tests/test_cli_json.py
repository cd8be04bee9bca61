"""``--json`` prints exactly one JSON document, whatever goes wrong."""

from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize("args", [
    ("search", "--json"), ("search", "xqzzzv", "--json"), ("rule", "999.9z", "--json"), ("manual", "nope", "--json"),
    ("infraction", "--json"), ("check", "/nonexistent-judgekit", "--json"), ("ruling", "nope.yaml", "--json"),
    ("scenarios", "--json"), ("penalties", "--json"), ("card", "xyzzy-nessuna-carta", "--json"),
    ("import-cards", "/nonexistent-judgekit.json", "--json"),
])
def test_json_is_one_document(invoke, args: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    result = invoke(*args)
    assert result.exit_code != 70
    json.loads(result.stdout)  # exactly one document: a second one would not parse


def test_json_for_internal_error(invoke, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from judgekit.corpus import lookup

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("guasto")

    monkeypatch.setattr(lookup, "resolve", broken)
    result = invoke("rule", "510", "--json")
    assert result.exit_code == 70
    doc = json.loads(result.stdout)
    assert doc["error"]["code"] == 70 and "guasto" in doc["error"]["message"]
    assert "errore interno" in result.stderr


def test_escape_sequences_never_reach_the_terminal(invoke, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from judgekit.textstyle import safe

    assert safe("a\x1b[31mb\x9bc\nd\te") == "a\\x1b[31mb\\x9bc\nd\te"
    result = invoke("rule", "5\x1b[2J")
    assert result.exit_code == 1
    assert "\x1b" not in result.stderr and "\\x1b[2J" in result.stderr
    result = invoke("check", str(tmp_path / "\x1b]0;titolo\x07"))
    assert result.exit_code == 5
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    scenario = tmp_path / "s.yaml"
    scenario.write_text('title: "T\\e[31mrosso"\nsource: x\nplayers: {}\n')
    result = invoke("ruling", str(scenario))
    assert "\x1b" not in result.output
