"""Running a scenario: load it, build the game, replay its actions, and build the :class:`Ruling`.

This is the application layer above the rules core (:mod:`judgekit.engine`): the core knows nothing of files,
YAML or the card library; this module gives it validated data and turns what it reports into the ruling
(steps, layer tables, final state, expectations, verdict).
"""

from __future__ import annotations

from pathlib import Path

from judgekit.engine.choices import ScriptedChooser
from judgekit.engine.driver import play
from judgekit.engine.errors import ScenarioProblem
from judgekit.engine.setup import build_game
from judgekit.errors import InvalidFileError
from judgekit.render.narration import message, narrate_log
from judgekit.ruling.assumptions import collect as collect_assumptions
from judgekit.ruling.assumptions import imported_cards, unknown_cards
from judgekit.ruling.expect import Checks, check_expect
from judgekit.ruling.explain import explain_layers
from judgekit.ruling.final import final_state
from judgekit.ruling.model import Ruling, RulingStep
from judgekit.ruling.names import scenario_names
from judgekit.ruling.verdict import Focus, build_verdict, decisive_rule, start_of
from judgekit.scenario.choices import build_script
from judgekit.scenario.loaded import LoadedScenario
from judgekit.scenario.loader import load_scenario, load_scenario_text
from judgekit.scenario.specs import scenario_specs


def replay(loaded: LoadedScenario, *, explain: bool = True) -> Ruling:
    """Replay a loaded scenario and return its :class:`Ruling`.

    A scenario problem found during the replay raises :class:`InvalidFileError` (file, line, key).
    """
    data = scenario_specs(loaded.data)
    game = build_game(data, ScriptedChooser(build_script(loaded.data.get("choices") or {})))
    ruling = Ruling(scenario=loaded.id, title=loaded.title, source=loaded.source)
    names = scenario_names(loaded.data)
    ruling.names = names
    start = start_of(game)
    ruling.start = final_state(game)
    checks = Checks(loaded.data["actions"])
    try:
        outcome = play(game, data["actions"], observer=checks if checks else None)
    except ScenarioProblem as exc:
        raise InvalidFileError([loaded.issue(_written(loaded, exc.key), message(exc.code, exc.params, names))]) \
            from None
    if outcome.error is not None:
        ruling.error = {"message": message(outcome.error.code, outcome.error.params, names),
                        "rule": outcome.error.rule}
        if outcome.error.key:
            # Where the file wrote what was illegal (an extension of the result: file, line, key).
            where = loaded.issue(_written(loaded, outcome.error.key), "")
            ruling.error.update({"file": where.file, "line": where.line, "key": where.key or None})
    ruling.steps = [RulingStep(r.kind, text, list(r.rules), list(r.objects))
                    for r, text in zip(game.log, narrate_log(game.log, names), strict=True)]
    if explain:
        ruling.steps += explain_layers(game, ruling, names)
    ruling.final = final_state(game)
    ruling.assumptions = collect_assumptions(game, loaded.data.get("choices"), names)
    ruling.assumptions += imported_cards(loaded.objects)
    ruling.assumptions += unknown_cards(game, names)
    exp = loaded.data.get("expect")
    ruling.expect = check_expect(exp, ruling, game, checks)
    focus = Focus.of(exp)
    decisive = decisive_rule(game, start, ruling, focus, names)
    ruling.verdict = build_verdict(game, start, ruling, focus, names, decisive)
    ruling.decisive = decisive.rule or None
    return ruling


def _written(loaded: LoadedScenario, key: tuple[str | int, ...]) -> tuple[str | int, ...]:
    """A key path as the file wrote it: a ``choices`` key written as a name (``Blood Artist``) is an id in the
    loaded data (``blood-artist``); both keep the written order, so the n-th key of one is the n-th of the other."""
    if len(key) < 2 or key[0] != "choices":
        return key
    raw = loaded.doc.data.get("choices") if isinstance(loaded.doc.data, dict) else None
    resolved = list(loaded.data.get("choices") or {})
    if not isinstance(raw, dict) or len(raw) != len(resolved) or key[1] not in resolved:
        return key
    return ("choices", list(raw)[resolved.index(str(key[1]))], *key[2:])


def run_file(path: Path) -> Ruling:
    """Load and replay a scenario file (raises InvalidFileError when it cannot be loaded)."""
    return replay(load_scenario(path))


def run_text(text: str, name: str = "scenario.yaml", *, cards_dir: Path | None = None) -> Ruling:
    """Load and replay a scenario given as a YAML string (tests)."""
    return replay(load_scenario_text(text, name, cards_dir=cards_dir))
