"""Comparing a scenario's ``expect`` and its ``check`` actions with the replay (SCENARIO-FORMAT.md "Expect", 2.10).

``objects``, ``players`` and ``counts`` are compared the same way with the final state (``expect``) and with
the state at a ``check`` action. A check is the rules core's observation action: the driver hands the game to
a :class:`Checks` (its :class:`~judgekit.engine.driver.Observer`) at that point, and this module compares;
the core does not know what is compared. A check failure reads ``azione N: ...`` (N counts the actions from
1). A check the replay never reached (it stopped earlier on an illegal action or at the end of the game) is a
failure too: what it asks about was never seen.
"""

from __future__ import annotations

import re
from typing import Any

from judgekit.engine.state import Game
from judgekit.ruling.final import final_state
from judgekit.ruling.model import Ruling

_RULE_EXT = re.compile(r"^[a-z]*$")


def rule_matches(expected: str, actual: str | None) -> bool:
    """``510.1`` matches ``510.1`` and ``510.1c`` (subrule letters), not ``510.10``."""
    if actual is None:
        return False
    return actual.startswith(expected) and bool(_RULE_EXT.match(actual[len(expected):]))


def _norm(value: Any) -> Any:
    if isinstance(value, list):
        return sorted({str(v) for v in value})
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if v}
    return value


def count_matching(game: Game, select: Any) -> int:
    """How many objects of the game's current state the selector of a count picks (SCENARIO-FORMAT.md 2.10).

    The engine's own selectors decide (:mod:`judgekit.engine.selectors`), on the computed characteristics.
    ``zone`` is ``battlefield`` by default and ``all`` means every zone but libraries; a token that left the
    battlefield has ceased to exist (``gone``) and never matches. A list of ids counts those of them on the
    battlefield. There is no "you" or source here: the loader refuses ``you``, ``opponent`` and ``other``.
    """
    from judgekit.engine.characteristics import chars
    from judgekit.engine.selectors import SelectorContext, zones
    from judgekit.engine.selectors import select as pick
    from judgekit.engine.specdata import selector
    from judgekit.engine.specs import Filter
    from judgekit.engine.vocab import Zone

    spec = selector(select)
    if isinstance(spec, Filter) and spec.zone == Zone.LIBRARY:
        # The cards of libraries, unknown ones included (SCENARIO-FORMAT.md 2.6), in library order.
        from judgekit.engine.library import select_in_libraries

        lib_ctx = SelectorContext(you=None, ids=game.ids, players=tuple(p.name for p in game.players))
        return len(select_in_libraries(game, spec, lib_ctx))
    present = [o for o in game.objects.values() if o.current and o.zone != Zone.GONE
               and not (o.token and o.zone != Zone.BATTLEFIELD)]
    if isinstance(spec, Filter):
        where = zones(spec)
        if where is None:
            present = [o for o in present if o.zone != Zone.LIBRARY]
        else:
            present = [o for o in present if str(o.zone) in where]
    else:
        present = [o for o in present if o.zone == Zone.BATTLEFIELD]
    views = [chars(game, o) for o in present]
    ctx = SelectorContext(you=None, ids=game.ids, players=tuple(p.name for p in game.players))
    return len(pick(spec, views, ctx))


def compare_state(exp: dict[str, Any], state: dict[str, Any], game: Game | None, *,
                  moment: str = "nello stato finale") -> list[str]:
    """The failures of ``objects``, ``players`` and ``counts`` against one state (the final one, or the one at
    a ``check``): every field named is compared, lists as sets, ``counters`` without kinds at 0."""
    failures: list[str] = []
    for oid, fields in (exp.get("objects") or {}).items():
        got = state["objects"].get(oid)
        if got is None:
            failures.append(f"{oid}: l'oggetto non è {moment}")
            continue
        for key, want in fields.items():
            have = got.get(key)
            if _norm(want) != _norm(have):
                failures.append(f"{oid}.{key}: atteso {_show(want)}, ottenuto {_show(have)}")
    for name, fields in (exp.get("players") or {}).items():
        got = state["players"].get(name, {})
        for key, want in fields.items():
            have = got.get(key)
            if want != have:
                failures.append(f"{name}.{key}: atteso {_show(want)}, ottenuto {_show(have)}")
    for i, count in enumerate(exp.get("counts") or []):
        want = count["is"]
        have = count_matching(game, count["select"]) if game is not None else None
        if have != want:
            failures.append(f"counts[{i}] {_selector(count['select'])}: attesi {want} oggetti, "
                            f"trovati {_show(have)}")
    return failures


class Checks:
    """The ``check`` actions of a scenario and what they found: the observer the driver calls at each one."""

    def __init__(self, actions: list[dict[str, Any]]) -> None:
        self.wanted: dict[int, dict[str, Any]] = {i: a["check"] for i, a in enumerate(actions)
                                                  if isinstance(a, dict) and "check" in a}
        self.reached: set[int] = set()
        self.failures: list[str] = []

    def __bool__(self) -> bool:
        return bool(self.wanted)

    def __call__(self, game: Game, index: int) -> None:
        """Compare the state at action ``index`` (0-based) with what its ``check`` asks; change nothing."""
        exp = self.wanted.get(index)
        if exp is None:
            return
        self.reached.add(index)
        state = final_state(game)
        self.failures += [f"azione {index + 1}: {f}" for f in compare_state(exp, state, game,
                                                                                    moment="in gioco a quel punto")]

    def all_failures(self) -> list[str]:
        """The failures found, then one for each check the replay never reached."""
        missed = [f"azione {i + 1}: controllo non eseguito, la riproduzione si è fermata prima"
                  for i in sorted(self.wanted) if i not in self.reached]
        return self.failures + missed


def check_expect(exp: dict[str, Any] | None, ruling: Ruling, game: Game | None = None,
                 checks: Checks | None = None) -> dict[str, Any] | None:
    """Compare ``expect`` with the final state and the error, and add the failures of the ``check`` actions
    (SCENARIO-FORMAT.md "Expect", 2.10). ``None`` when the file has neither ``expect`` nor a ``check``."""
    if exp is None and not checks:
        return None
    failures: list[str] = []
    if exp is not None:
        final = ruling.final or {"objects": {}, "players": {}}
        failures += compare_state(exp, final, game)
        want_err = exp.get("error")
        actual_rule = ruling.error.get("rule") if ruling.error else None
        if want_err:
            rules = want_err.get("rule") or []
            if ruling.error is None:
                failures.append(f"errore atteso (regola {', '.join(rules)}), ma la riproduzione non si è fermata")
            elif not any(rule_matches(r, actual_rule) for r in rules):
                failures.append(f"errore atteso con regola {', '.join(rules)}, ottenuto regola {actual_rule}")
        elif ruling.error is not None:
            failures.append(f"la riproduzione si è fermata con un errore non previsto: {ruling.error['message']}")
    if checks:
        failures += checks.all_failures()
    return {"passed": not failures, "failures": failures}


def _selector(select: Any) -> str:
    if isinstance(select, list):
        return "[" + ", ".join(str(s) for s in select) + "]"
    if isinstance(select, dict):
        return "{" + ", ".join(f"{k}: {_selector(v)}" for k, v in select.items()) + "}"
    return _show(select)


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)
