"""The text output of ``judgekit ruling`` at the table: its width, ``--breve``, closed pipes, the stack told
when it changes, the final board."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from judgekit.scenario.shipped import shipped

SCRIPT = str(Path(sys.executable).with_name("judgekit"))
SHIPPED = [s.id for s in shipped()]


def _run(*args: str, columns: int | None = None) -> Any:
    from judgekit.cli import app

    env = {"COLUMNS": str(columns)} if columns is not None else {}
    result = CliRunner().invoke(app, list(args), env=env)
    assert result.exit_code == 0, (args, result.stderr)
    return result


def _lines(text: str) -> list[str]:
    return text.splitlines()


@pytest.mark.parametrize("columns", [80, 60])
def test_no_line_of_any_shipped_ruling_is_wider_than_columns(columns: int) -> None:
    for ident in SHIPPED:
        out = _run("ruling", ident, columns=columns).stdout
        too_wide = [line for line in _lines(out) if len(line) > columns]
        assert not too_wide, (ident, too_wide[:3])


def test_brief_ruling_of_every_shipped_scenario_fits_twenty_lines_of_eighty_columns() -> None:
    for ident in SHIPPED:
        lines = _lines(_run("ruling", ident, "--breve", columns=80).stdout)
        assert len(lines) <= 20, (ident, len(lines))
        assert all(len(line) <= 80 for line in lines), ident
        assert any(line.startswith("Verdetto:") for line in lines), ident


def test_brief_ruling_keeps_the_step_citing_the_decisive_rule_and_says_how_many_were_left_out() -> None:
    from judgekit.ruling.run import run_file

    found = next(s for s in shipped() if s.id == "blood-artist-looks-back")
    ruling = run_file(found.path)
    assert ruling.decisive
    out = _run("ruling", "blood-artist-looks-back", "--breve", columns=80).stdout
    assert f"(CR {ruling.decisive})" in out
    assert "Passo per passo" not in out and "Stato finale" not in out
    steps = [s for s in ruling.steps if s.kind != "characteristics"]
    shown = re.findall(r"^\s*(\d+)\. ", out, flags=re.M)
    assert 0 < len(shown) < len(steps)
    assert f"altri {len(steps) - len(shown)} passi" in out


def test_brief_ruling_shows_the_assumptions_with_the_choices_line_that_changes_them() -> None:
    out = _run("ruling", "blood-artist-looks-back", "--breve", columns=80).stdout
    from judgekit.ruling.run import run_file

    ruling = run_file(next(s for s in shipped() if s.id == "blood-artist-looks-back").path)
    for a in ruling.assumptions:
        assert a.choices in " ".join(out.split())


def test_wrapped_steps_keep_a_hanging_indent_under_their_text() -> None:
    out = _run("ruling", "blood-artist-looks-back", columns=60).stdout
    lines = _lines(out)
    start = lines.index("Passo per passo")
    numbered = re.compile(r"^\s{0,2}\d+\. ")
    for line in lines[start + 1:]:
        if not line:
            break
        assert numbered.match(line) or line.startswith("     "), line


def test_piped_output_without_columns_is_eighty_wide() -> None:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    done = subprocess.run([SCRIPT, "ruling", "humility-opalescence-humility-first"], capture_output=True, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    widths = [len(line) for line in done.stdout.decode().splitlines()]
    assert max(widths) <= 80
    assert max(widths) > 60  # it uses the width, not less


@pytest.mark.parametrize("args", [("ruling", "blood-artist-looks-back"), ("ruling", "blood-artist-looks-back",
                                                                           "--json"), ("scenarios",)])
def test_reader_closing_the_pipe_after_a_few_lines_ends_quietly(args: tuple[str, ...]) -> None:
    proc = subprocess.Popen([SCRIPT, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "COLUMNS": "40"})
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # ``| head -1``
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0
    assert err == b""


def test_a_run_of_triggers_tells_the_stack_once_after_the_last_one() -> None:
    doc = json.loads(_run("ruling", "blood-artist-looks-back", "--json").stdout)
    triggers = [s["text"] for s in doc["steps"] if s["kind"] == "trigger" and "Si innesca" in s["text"]]
    assert len(triggers) == 3
    assert ["Pila, dalla cima" in t for t in triggers] == [False, False, True]
    assert "(3 volte)" in triggers[-1]


def test_text_output_shows_the_same_step_texts_as_json() -> None:
    doc = json.loads(_run("ruling", "blood-artist-looks-back", "--json").stdout)
    out = " ".join(_run("ruling", "blood-artist-looks-back", columns=200).stdout.split())
    for step in doc["steps"]:
        assert " ".join(step["text"].split()) in out


def test_stack_is_told_again_after_a_resolution_even_when_it_reads_the_same() -> None:
    from judgekit.engine.records import Record
    from judgekit.render.narration import narrate_log

    item = {"kind": "spell", "source": "Shock", "id": "shock"}
    cast = {"passed": None, "player": "Anna", "response": False, "card": "Shock", "types": ["Instant"],
            "targets": [], "mana_cost": "", "stack": [item]}
    records = [Record("cast", "stack.cast", ("601.2",), (), cast),
               Record("resolve", "stack.spell_gone", (), (), {"card": "Shock"}),
               Record("cast", "stack.cast", ("601.2",), (), cast)]
    texts = narrate_log(records)
    assert "Pila, dalla cima: Shock." in texts[0] and "Pila, dalla cima: Shock." in texts[2]


def test_final_board_groups_each_players_permanents_and_marks_what_changed() -> None:
    out = _run("ruling", "blood-artist-looks-back", columns=80).stdout
    board = out[out.index("Stato finale"):]
    assert "Anna: 23 punti vita, erano 20" in board
    assert re.search(r"cimitero: .*Blood Artist †", board)
    assert "Legenda:" in board and "†" in board.split("Legenda:")[1]


def test_final_board_names_trigger_abilities_in_italian_words() -> None:
    from judgekit.render.ruling import ability_label

    assert ability_label("trigger:dies") == "innescata quando muore"
    assert ability_label("trigger:beginning_of_upkeep") == "innescata all'inizio del mantenimento"
    for ident in SHIPPED:
        out = _run("ruling", ident, columns=100).stdout
        assert not re.search(r"innescata \([a-z_]+\)", out), ident


def test_legend_rule_step_names_no_object_ids() -> None:
    doc = json.loads(_run("ruling", "choices-legend-rule-keep-new", "--json").stdout)
    step = next(s for s in doc["steps"] if "Regola delle leggende" in s["text"])
    for oid in step.get("objects", []) + list(doc["final"]["objects"]):
        assert oid not in step["text"], oid


def test_copy_exceptions_are_told_in_italian_words() -> None:
    from judgekit.render.narration.common import PLAIN
    from judgekit.render.narration.layers import _copy_text

    text = _copy_text("Grizzly Bears", {"except": {"types": ["Artifact", "Creature"], "name": "Orso"}}, PLAIN)
    assert "types" not in text and "name" not in text
    assert "ha come tipi Artefatto, Creatura" in text and "si chiama Orso" in text


def test_cards_written_in_italian_keep_their_italian_name_on_the_board(tmp_path: Path) -> None:
    path = tmp_path / "nomi.yaml"
    path.write_text("title: Nomi\nsource: test\nplayers: [{name: Anna}, {name: Bruno}]\n"
                    "battlefield:\n  - {id: orso, card: Orsi Grizzly, controller: Bruno}\n"
                    "hand:\n  Anna:\n    - {id: bolt, card: Fulmine}\n"
                    "actions:\n  - cast: {object: bolt, targets: [orso]}\n  - resolve\n", encoding="utf-8")
    out = _run("ruling", str(path), columns=80).stdout
    board = out[out.index("Stato finale"):]
    assert "Orsi Grizzly" in board and "Fulmine" in board
    assert "Grizzly Bears" not in out and "Lightning Bolt" not in out


def test_brief_ruling_shows_the_step_that_changed_a_players_life_and_not_the_spell_going_to_the_graveyard() -> None:
    doc = json.loads(_run("ruling", "persist-returns", "--json").stdout)
    out = " ".join(_run("ruling", "persist-returns", "--breve", columns=80).stdout.split())
    life = [s["text"] for s in doc["steps"] if s["kind"] == "damage" and "Bruno" in s["text"]]
    assert life and all(" ".join(t.split()) in out for t in life)
    spell_done = [s["text"] for s in doc["steps"] if "Come ultima parte della risoluzione" in s["text"]]
    assert spell_done and not any(" ".join(t.split()) in out for t in spell_done)


def test_board_marks_a_permanent_changed_in_place_and_says_it_is_tapped() -> None:
    out = _run("ruling", "wither-blocked", columns=80).stdout
    board = " ".join(out[out.index("Stato finale"):].split())
    assert "TAPpata" in board and "segnalini -1/-1) *" in board
    assert "* è cambiato" in board


def test_svg_saves_the_whole_ruling_as_a_picture(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    target = tmp_path / "verdetto.svg"
    done = subprocess.run([sys.executable, "-m", "judgekit", "ruling", "zero-life", "--svg", str(target)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    picture = target.read_text(encoding="utf-8")
    assert picture.startswith("<svg") and "Verdetto" in picture and "704.5a" in picture


def test_svg_to_a_folder_that_cannot_be_written_is_exit_5_and_writes_nothing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    blocked = tmp_path / "file"
    blocked.write_text("x", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "judgekit", "ruling", "zero-life", "--svg", str(blocked / "v.svg")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 5
    assert "Traceback" not in done.stderr and "impossibile scrivere" in done.stderr
    assert blocked.read_text(encoding="utf-8") == "x"
