"""Small files that would take hours are bounded: too many tokens is a problem of the file (exit 3)."""

from __future__ import annotations

import pytest

from judgekit.engine import effects
from judgekit.errors import InvalidFileError
from judgekit.ruling.run import run_text


def _army(entries: int, count: int) -> str:
    eff = ", ".join(f"{{create_token: {{name: Soldato, types: [Creature], power: 1, toughness: 1, count: {count}}}, "
                    "to: you}" for _ in range(entries))
    return f"""title: t
source: t
players: [{{name: Anna}}, {{name: Bruno}}]
active_player: Anna
step: main1
hand:
  Anna:
    - {{id: s, name: Esercito, types: [Sorcery], effect: [{eff}]}}
actions:
  - cast: {{object: s}}
  - resolve
"""


def test_too_many_tokens_stop_the_replay_as_a_file_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    made = 0
    real = effects.make_object

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal made
        made += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(effects, "make_object", counting)
    with pytest.raises(InvalidFileError) as info:
        run_text(_army(1000, 100))
    text = str(info.value)
    assert "troppe pedine" in text and info.value.issues[0].key.startswith("actions[1]")
    assert made <= effects.MAX_TOKENS


def test_a_large_but_reasonable_number_of_tokens_is_fine() -> None:
    r = run_text(_army(2, 50))
    assert r.error is None and r.final is not None
    assert sum(1 for o in r.final["objects"].values() if o["token"]) == 100
