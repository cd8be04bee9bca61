"""``--json`` prints exactly one JSON document, whatever goes wrong."""

from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize("args", [
    ("search", "--json"), ("search", "xqzzzv", "--json"), ("rule", "999.9z", "--json"), ("manual", "nope", "--json"),
    ("infraction", "--json"), ("check", "/nonexistent-judgekit", "--json"), ("ruling", "nope.yaml", "--json"),
    ("scenarios", "--json"), ("penalties", "--json"),
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
