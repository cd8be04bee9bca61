"""The rules core speaks in codes; every code has its Italian text, and no Italian sentence is left in the core."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from judgekit.render.narration import AREAS, texts

ENGINE = Path(__file__).resolve().parent.parent / "judgekit" / "engine"
CODE = re.compile(rf"^(?:{'|'.join(AREAS)})\.[a-z0-9_]+$")
# Words that only an Italian sentence would contain (the engine's identifiers and English text have none).
ITALIAN = re.compile(r"[àèéìòù]|\b(?:il|della|viene|sono|non può|giocatore|carta|creatura|pila)\b")


def _strings() -> list[tuple[str, int, str]]:
    """Every string constant in the engine's code, except docstrings: (file, line, value)."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                found.append((path.name, node.lineno, node.value))
    return found


def test_every_code_the_core_uses_has_an_italian_text() -> None:
    known = texts()
    missing = sorted({f"{f}:{line} {value}" for f, line, value in _strings() if CODE.match(value)
                      and value not in known})
    assert not missing, missing


def test_no_italian_sentence_in_the_core() -> None:
    italian = [f"{f}:{line} {value!r}" for f, line, value in _strings() if ITALIAN.search(value)]
    assert not italian, italian


def test_no_code_is_left_without_a_use() -> None:
    """A text nobody emits is dead weight: every registered code appears in the engine's code."""
    used = {value for _f, _line, value in _strings() if CODE.match(value)}
    unused = sorted(code for code in texts() if code not in used)
    assert not unused, unused


def test_the_italian_detector_sees_an_italian_sentence() -> None:
    assert ITALIAN.search("la creatura non può attaccare")
    assert not ITALIAN.search("combat.attacker_tapped")


def test_every_trigger_event_has_its_italian_words() -> None:
    """Adding a trigger event to the rules core's table without saying it in Italian fails here."""
    from judgekit.engine.triggers import TRIGGER_EVENTS
    from judgekit.render.narration.triggers import EVENT_IT

    assert set(TRIGGER_EVENTS) == set(EVENT_IT)
