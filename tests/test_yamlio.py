"""Safe YAML loading: line numbers, Italian syntax errors, hostile documents refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.errors import InvalidFileError
from judgekit.yamlio import MAX_NODES, load_yaml, load_yaml_text


def _issue(text: str):  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidFileError) as info:
        load_yaml_text(text, "s.yaml")
    return info.value.issues[0]


def test_key_lines_are_remembered() -> None:
    doc = load_yaml_text("title: x\nplayers:\n  - name: Anna\n  - name: Bruno\n", "s.yaml")
    assert doc.line_of(("players", 1, "name")) == 4
    assert doc.line_of(("players", 1, "missing")) == 4


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a: [1, 2\n", "non chiusa"),
        ("a: {b: 1\n", "non chiusa"),
        ("a: b: c\n", "virgolette"),
        ("a:\n\tb: 1\n", "tabulazione"),
        ("a: 'x\n", "virgolette"),
        ("a: 1\n---\nb: 2\n", "più documenti"),
    ],
)
def test_syntax_errors_are_told_in_italian_with_their_line(text: str, words: str) -> None:
    issue = _issue(text)
    assert issue.message.startswith("YAML non valido: ")
    assert words in issue.message
    assert issue.line is not None


def test_aliases_are_refused_before_expansion() -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b]\n"
    issue = _issue(bomb)
    assert "alias" in issue.message
    assert issue.key.startswith("b")


def test_duplicate_keys_are_refused_with_the_key_path() -> None:
    issue = _issue("players:\n  - name: Anna\n    name: Bruno\n")
    assert issue.key == "players[0].name"
    assert issue.line == 3
    assert "ripetuta" in issue.message


def test_too_many_nodes_are_refused() -> None:
    with pytest.raises(InvalidFileError):
        load_yaml_text("a: [" + ", ".join("1" for _ in range(50)) + "]\n", "s.yaml", max_nodes=10)
    assert MAX_NODES >= 100_000


def test_oversized_files_are_refused_without_reading_them(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * 200 + "\n")
    with pytest.raises(InvalidFileError) as info:
        load_yaml(big, max_bytes=100)
    assert "troppo grande" in info.value.issues[0].message


def test_non_utf8_files_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"a: \xff\xfe\n")
    with pytest.raises(InvalidFileError) as info:
        load_yaml(bad)
    assert "UTF-8" in info.value.issues[0].message


def test_a_long_list_of_problems_shows_the_first_hundred_and_counts_the_rest() -> None:
    from judgekit.errors import MAX_SHOWN_ISSUES, InvalidFileError, Issue

    issues = [Issue("f.yaml", i, "k", f"problema {i}") for i in range(1, 251)]
    text = InvalidFileError(issues).render()
    assert "problema 100" in text and "problema 101" not in text
    assert f"e altri {250 - MAX_SHOWN_ISSUES} problemi non mostrati" in text
    assert text.endswith("250 problemi trovati.")
