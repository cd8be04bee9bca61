"""Mutating shipped scenario and card files, and running one mutant in-process (used by the fuzz tests).

A mutant is the YAML text of a shipped file after a few random edits of its data (a key dropped or misspelt,
a value of another type, a date, a tag, a huge or negative number, deep nesting, a duplicated entry) or of its
text (truncated, bytes inserted). :func:`run_case` loads and replays it the way ``judgekit ruling FILE`` does
and classifies the outcome: ``ok``, ``refused`` (a :class:`~judgekit.errors.JudgekitError`, as the CLI would
print), ``internal`` (any other exception: a bug) or, with a message in English, ``english``.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted(p for p in (ROOT / "scenarios").glob("*/*.yaml") if p.parent.name != "cards")
CARDS = sorted((ROOT / "scenarios" / "cards").glob("*.yaml"))

# Phrases that only an English message from a library would contain.
ENGLISH = re.compile(r"\b(?:Input should|Field required|Extra inputs|should be|is not|could not|expected|"
                     r"found|while (?:parsing|scanning|constructing)|Invalid|unhashable|object has no)\b")

ODD_VALUES: list[Any] = [None, True, -3, 0, 10**12, 1.5, "", "x" * 300, "2024-02-30", "2024-13-45", [], {},
                         [[[[1]]]], {"a": {"b": {"c": 1}}}, "!!binary", "opponent", "self", "all", "-1/-1"]
# Where a mutant gets deep nesting: written into the text after dumping (PyYAML's dumper recurses).
DEEP = "__deep_nesting__"
TEXT_EDITS = ["!foo ", "!!int ", "&a ", "*a ", "\t", "\x00", "{", "]", "::", "- - -", "\u2028", "%YAML 1.1\n"]


@dataclass
class Case:
    name: str
    text: str
    kind: str = "scenario"


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*prefix, i))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> tuple[Any, Any]:
    node = data
    for key in path[:-1]:
        node = node[key]
    return node, path[-1]


def mutate_data(data: Any, rng: random.Random) -> Any:
    """One random edit of parsed YAML data, in place (the root stays a mapping when it was one)."""
    paths = [p for p in _paths(data) if p]
    if not paths:
        return data
    path = rng.choice(paths)
    parent, key = _parent(data, path)
    kind = rng.randrange(6)
    if kind == 0 and isinstance(parent, dict):
        del parent[key]
    elif kind == 1 and isinstance(parent, dict):
        parent[str(key) + rng.choice(["s", "_", "x"])] = parent.pop(key)
    elif kind == 2 and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif kind == 3:
        parent[key] = DEEP
    else:
        parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    return data


def mutate_text(text: str, rng: random.Random) -> str:
    """One random edit of the text: truncated, or something inserted at a random place."""
    if not text:
        return text
    at = rng.randrange(len(text))
    if rng.random() < 0.3:
        return text[:at]
    return text[:at] + rng.choice(TEXT_EDITS) + text[at:]


def make_case(rng: random.Random, edits: int = 3) -> Case:
    """A mutant of a shipped scenario (four times in five) or card file: a few data edits, sometimes a text
    edit."""
    import yaml

    kind = "card" if rng.random() < 0.2 else "scenario"
    path = rng.choice(CARDS if kind == "card" else SCENARIOS)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for _ in range(rng.randrange(1, edits + 1)):
        data = mutate_data(data, rng)
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10**6)
    depth = rng.randrange(50, 800)
    text = text.replace(DEEP, "[" * depth + "1" + "]" * depth)
    if rng.random() < 0.3:
        text = mutate_text(text, rng)
    return Case(path.stem, text, kind)


def run_case(case: Case) -> tuple[str, str]:
    """Load and replay a scenario as ``judgekit ruling`` would, or check a card file as ``judgekit check``
    would: (outcome, message)."""
    from judgekit.errors import JudgekitError
    from judgekit.ruling.run import replay
    from judgekit.scenario.loader import load_scenario_text

    if case.kind == "card":
        return _run_card(case)
    try:
        loaded = load_scenario_text(case.text, f"{case.name}.yaml")
        ruling = replay(loaded)
        ruling.to_json()
    except JudgekitError as exc:
        message = exc.render()
        return ("english" if ENGLISH.search(message) else "refused"), message
    except RecursionError as exc:  # a refusal must come before Python's own limit
        return "internal", f"RecursionError: {exc}"
    except Exception as exc:  # noqa: BLE001 - classifying every failure is the point
        return "internal", f"{type(exc).__name__}: {exc}"
    message = (ruling.error or {}).get("message") or ""
    return ("english" if ENGLISH.search(message) else "ok"), message


def _run_card(case: Case) -> tuple[str, str]:
    """A mutated card file, checked in a folder of its own (the file name stays the card's)."""
    import tempfile

    from judgekit.errors import JudgekitError
    from judgekit.scenario.cards import validate_file

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{case.name}.yaml"
        path.write_text(case.text, encoding="utf-8")
        try:
            issues = validate_file(path)
        except JudgekitError as exc:
            message = exc.render()
            return ("english" if ENGLISH.search(message) else "refused"), message
        except RecursionError as exc:
            return "internal", f"RecursionError: {exc}"
        except Exception as exc:  # noqa: BLE001 - classifying every failure is the point
            return "internal", f"{type(exc).__name__}: {exc}"
    message = "\n".join(i.format() for i in issues)
    if ENGLISH.search(message):
        return "english", message
    return ("refused" if issues else "ok"), message
