"""`judgekit search` / `judgekit cerca` on the command line: a synthetic index and the real corpus."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from judgekit.search.index import build_index, entries_from_parts


def _synthetic_parts() -> dict[str, Any]:
    """The synthetic corpus defined in test_search.py (loaded by path, whatever the import mode)."""
    spec = importlib.util.spec_from_file_location("_search_corpus", Path(__file__).with_name("test_search.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return dict(module.PARTS)


PARTS = _synthetic_parts()


@pytest.fixture
def synthetic(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Make the command search the synthetic corpus of test_search instead of rules_it."""
    from judgekit.search import service

    index = build_index(entries_from_parts(PARTS))
    monkeypatch.setattr(service, "load_index", lambda: index)
    return index


def _first_line(output: str) -> str:
    return output.strip().splitlines()[0]


@pytest.mark.parametrize("word", ["bloccata", "bloccanti", "blocca"])
def test_cli_inflections_find_509(invoke, synthetic, word: str) -> None:  # type: ignore[no-untyped-def]
    result = invoke("search", word)
    assert result.exit_code == 0, result.stderr
    assert "CR 509" in _first_line(result.stdout) or "CR 510" in _first_line(result.stdout)


def test_cli_italian_alias_cerca(invoke, synthetic) -> None:  # type: ignore[no-untyped-def]
    result = invoke("cerca", "trample")
    assert result.exit_code == 0
    assert _first_line(result.stdout).startswith("1. CR 702.19")


def test_cli_query_words_without_quotes(invoke, synthetic) -> None:  # type: ignore[no-untyped-def]
    assert invoke("search", "first", "strike").stdout == invoke("search", "first strike").stdout


def test_cli_typo(invoke, synthetic) -> None:  # type: ignore[no-untyped-def]
    result = invoke("search", "travogere")
    assert result.exit_code == 0
    assert "CR 702.19" in _first_line(result.stdout)


@pytest.mark.parametrize("query", ["510.1c", "CR 510.1c", "regola 510.1c"])
def test_cli_rule_number(invoke, synthetic, query: str) -> None:  # type: ignore[no-untyped-def]
    result = invoke("search", query)
    assert _first_line(result.stdout).startswith("1. CR 510.1c")


def test_cli_policy_alias(invoke, synthetic) -> None:  # type: ignore[no-untyped-def]
    assert _first_line(invoke("search", "grv").stdout).startswith("1. IPG 2.5")


def test_cli_doc_filter(invoke, synthetic) -> None:  # type: ignore[no-untyped-def]
    result = invoke("search", "innescata", "--doc", "manuale", "--json")
    hits = json.loads(result.stdout)["hits"]
    assert hits and {h["doc"] for h in hits} == {"manuale"}


def test_cli_limit(invoke, synthetic) -> None:  # type: ignore[no-untyped-def]
    result = invoke("search", "creatura", "--limit", "2", "--json")
    assert len(json.loads(result.stdout)["hits"]) == 2


def test_cli_json_shape(invoke, synthetic) -> None:  # type: ignore[no-untyped-def]
    result = invoke("search", "510.1c", "--json")
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    assert set(payload) == {"query", "hits"} and payload["query"] == "510.1c"
    first = payload["hits"][0]
    assert set(first) == {"doc", "id", "title", "score", "snippet"}
    assert (first["doc"], first["id"]) == ("cr", "510.1c")
    assert "\x1b[" not in result.stdout


def test_cli_json_ids_per_document(invoke, synthetic) -> None:  # type: ignore[no-untyped-def]
    hits = json.loads(invoke("search", "innescata dimenticata", "--json", "--limit", "20").stdout)["hits"]
    by_doc = {h["doc"]: h["id"] for h in hits}
    assert by_doc["ipg"] == "2.1"
    assert by_doc["manuale"] == "innescate-dimenticate"
    glossary = json.loads(invoke("search", "trample", "--doc", "glossario", "--json").stdout)["hits"]
    assert glossary[0]["id"] == "Travolgere"


def test_cli_why_explains_score(invoke, synthetic) -> None:  # type: ignore[no-untyped-def]
    result = invoke("search", "travogere", "--why")
    assert result.exit_code == 0
    assert "livello 2" in result.stdout
    assert "«travogere» → «travolgere»" in result.stdout
    assert "punteggio" in result.stdout


def test_cli_no_hits_exit_1_with_suggestions(invoke, synthetic) -> None:  # type: ignore[no-untyped-def]
    result = invoke("search", "tramplezzz")
    assert result.exit_code == 1
    assert "nessun risultato" in result.stderr
    assert "Forse cercavi: Travolgere" in result.stderr
    assert result.stdout == ""


def test_cli_no_hits_json_prints_empty_document_with_the_error(invoke, synthetic) -> None:  # type: ignore[no-untyped-def]
    result = invoke("search", "qwertyuiop", "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["query"] == "qwertyuiop" and doc["hits"] == [] and doc["ok"] is False
    assert doc["error"]["code"] == 1 and "qwertyuiop" in doc["error"]["message"]


@pytest.mark.parametrize("args", [("search",), ("search", "  "), ("search", "il", "di")])
def test_cli_empty_query_exit_1(invoke, synthetic, args: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    result = invoke(*args)
    assert result.exit_code == 1
    assert result.stderr.startswith("errore: ")


def test_cli_unknown_doc_is_usage_error(invoke, synthetic) -> None:  # type: ignore[no-untyped-def]
    result = invoke("search", "danno", "--doc", "wiki")
    assert result.exit_code == 2
    assert "non è un documento" in result.stderr


def test_cli_highlight_only_on_terminal(invoke, synthetic, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    plain = invoke("search", "travolgere").stdout
    assert "\x1b[" not in plain
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    coloured = invoke("search", "travolgere").stdout
    assert "\x1b[1;33mTravolgere\x1b[0m" in coloured


# --- the real corpus (rules_it) ---

def _real_first(invoke, *args: str) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    result = invoke("search", *args, "--json")
    assert result.exit_code == 0, result.stderr
    return dict(json.loads(result.stdout)["hits"][0])


@pytest.mark.parametrize("word", ["bloccata", "bloccanti", "blocca"])
def test_real_corpus_inflections_find_509(invoke, word: str) -> None:  # type: ignore[no-untyped-def]
    hits = json.loads(invoke("search", word, "--doc", "cr", "--json", "--limit", "3").stdout)["hits"]
    assert any(h["id"].startswith("509") for h in hits)


@pytest.mark.parametrize(("query", "doc", "entry_id"), [
    ("510.1c", "cr", "510.1c"),
    ("regola 509.1a", "cr", "509.1a"),
    ("summoning sickness", "cr", "302.6"),
    ("travogere", "cr", "702.19"),
])
def test_real_corpus_first_hit(invoke, query: str, doc: str, entry_id: str) -> None:  # type: ignore[no-untyped-def]
    first = _real_first(invoke, query)
    assert (first["doc"], first["id"]) == (doc, entry_id)


def test_real_corpus_superseded_509_2_below_current(invoke) -> None:  # type: ignore[no-untyped-def]
    hits = json.loads(invoke("search", "creatura bloccata danno", "--doc", "cr", "--json", "--limit", "50").stdout)
    ids = [h["id"] for h in hits["hits"]]
    assert "510.1c" in ids
    if "509.2" in ids:
        assert ids.index("510.1c") < ids.index("509.2")


def test_query_path_loads_no_yaml_pydantic_or_rich() -> None:
    env = dict(os.environ)
    warm = "from judgekit import cache; cache.corpus()"  # compile the cache first, if the data changed
    subprocess.run([sys.executable, "-c", warm], capture_output=True, env=env, check=True)
    code = (
        "import sys\n"
        "from judgekit.search import service, render\n"
        "index, query, hits = service.run('danno da combattimento attacco improvviso')\n"
        "render.to_text(index, query, hits)\n"
        "print(' '.join(m for m in ('yaml', 'pydantic', 'rich', 'snowballstemmer', 'rapidfuzz') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == ""
