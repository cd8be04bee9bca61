"""Building and replaying inline scenarios in the engine tests, and reading their results."""

from __future__ import annotations

from typing import Any

import yaml

from judgekit.ruling.model import Ruling
from judgekit.ruling.run import run_text

PLAYERS = [{"name": "Anna"}, {"name": "Bruno"}]


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


def scenario_text(**parts: Any) -> str:
    """A scenario file as YAML text: title, source and the two players Anna and Bruno unless given."""
    data: dict[str, Any] = {"title": "prova", "source": "test", "players": PLAYERS}
    data.update(parts)
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False)


def play(**parts: Any) -> Ruling:
    """Replay an inline scenario (Anna and Bruno, Anna active in main1 unless told otherwise)."""
    return run_text(scenario_text(**parts))


def obj(r: Ruling, oid: str) -> dict[str, Any]:
    """``final.objects[oid]``."""
    assert r.final is not None
    result: dict[str, Any] = r.final["objects"][oid]
    return result


def player(r: Ruling, name: str) -> dict[str, Any]:
    """``final.players[name]``."""
    assert r.final is not None
    result: dict[str, Any] = r.final["players"][name]
    return result


def life(r: Ruling, name: str) -> int:
    return int(player(r, name)["life"])


def rules_cited(r: Ruling) -> set[str]:
    """Every CR number cited by the ruling's steps."""
    return {rule for s in r.steps for rule in s.rules}


def steps_with(r: Ruling, rule: str) -> list[str]:
    """The texts of the steps that cite ``rule``."""
    return [s.text for s in r.steps if rule in s.rules]
