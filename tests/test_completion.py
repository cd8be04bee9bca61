"""Shell completion: the scripts, their installation and the values offered for each command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
import typer

from judgekit import completion
from judgekit.cli import build_app

ROOT = Path(__file__).resolve().parent.parent


def _complete(args: list[str], incomplete: str, shell: str = "bash") -> list[click.shell_completion.CompletionItem]:
    """The candidates judgekit offers after ``judgekit ARGS`` for the word ``incomplete`` (in-process)."""
    completion.init()
    command = typer.main.get_command(build_app())
    cls = click.shell_completion.get_completion_class(shell)
    assert cls is not None
    return cls(command, {}, "judgekit", completion.COMPLETE_VAR).get_completions(args, incomplete)


def _values(args: list[str], incomplete: str) -> list[str]:
    return [str(item.value) for item in _complete(args, incomplete)]


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def _bash_complete(*words: str) -> subprocess.CompletedProcess[str]:
    """Ask judgekit for candidates the way the bash script does (the last word is the one being completed)."""
    line = " ".join(["judgekit", *words])
    env = _env(_JUDGEKIT_COMPLETE="complete_bash", COMP_WORDS=line, COMP_CWORD=str(len(words)))
    return subprocess.run([sys.executable, "-m", "judgekit"], env=env, capture_output=True, text=True,
                          timeout=60, check=False)


# -- scripts and installation ---------------------------------------------------------------------------------

@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_show_completion_prints_the_script_of_the_shell(invoke, shell: str) -> None:  # type: ignore[no-untyped-def]
    result = invoke("--show-completion", shell)
    assert result.exit_code == 0, result.output
    assert "judgekit" in result.stdout
    assert "_JUDGEKIT_COMPLETE=complete_" + shell in result.stdout


def test_zsh_script_starts_with_compdef(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("--show-completion", "zsh")
    assert result.stdout.splitlines()[0] == "#compdef judgekit"


def test_bash_script_registers_the_completion_function(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("--show-completion", "bash")
    assert "complete -o default -F _judgekit_completion judgekit" in result.stdout


def test_unsupported_shell_is_a_usage_error_in_italian(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("--show-completion", "tcsh")
    assert result.exit_code == 2
    assert "shell non supportata «tcsh»" in result.stderr


def test_shell_is_taken_from_the_environment_when_not_given(invoke, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(completion, "detect_shell", lambda: "fish")
    result = invoke("--show-completion")
    assert result.exit_code == 0
    assert result.stdout.startswith("complete --command judgekit")


def test_undetectable_shell_asks_to_name_it(invoke, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(completion, "detect_shell", lambda: None)
    result = invoke("--install-completion")
    assert result.exit_code == 2
    assert "indicala (bash, zsh o fish)" in result.stderr


def test_install_bash_writes_the_script_and_sources_it_once(invoke, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".bashrc").write_text("alias ll='ls -l'", encoding="utf-8")
    first = invoke("--install-completion", "bash")
    second = invoke("--install-completion", "bash")
    assert first.exit_code == 0 and second.exit_code == 0, first.output
    script = tmp_path / ".bash_completions" / "judgekit.sh"
    assert "_JUDGEKIT_COMPLETE=complete_bash" in script.read_text(encoding="utf-8")
    rc = (tmp_path / ".bashrc").read_text(encoding="utf-8")
    assert rc.startswith("alias ll='ls -l'\n")
    assert rc.count(str(script)) == 2  # one line: "[ -f SCRIPT ] && . SCRIPT", added once
    assert "installato in" in first.stdout and str(script) in first.stdout
    assert "Aggiunta una riga" in first.stdout and "Aggiunta una riga" not in second.stdout


def test_install_zsh_puts_the_function_on_fpath(invoke, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    result = invoke("--install-completion", "zsh")
    assert result.exit_code == 0, result.output
    assert (tmp_path / ".zfunc" / "_judgekit").read_text(encoding="utf-8").startswith("#compdef judgekit")
    assert "fpath+=~/.zfunc" in (tmp_path / ".zshrc").read_text(encoding="utf-8")


def test_install_fish_writes_into_the_completions_folder(invoke, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    result = invoke("--install-completion", "fish")
    assert result.exit_code == 0, result.output
    target = tmp_path / ".config" / "fish" / "completions" / "judgekit.fish"
    assert "complete --command judgekit" in target.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".config"]  # no start-up file touched


# -- values offered -------------------------------------------------------------------------------------------

def test_command_names_are_completed() -> None:
    values = _values([], "rul")
    assert values == ["rule", "ruling"]


def test_ruling_offers_the_shipped_scenario_ids_with_the_prefix() -> None:
    from judgekit.scenario.shipped import shipped

    ids = [s.id for s in shipped()]
    prefix = ids[0][:4]
    expected = sorted(i for i in ids if i.startswith(prefix))
    assert sorted(_values(["ruling"], prefix)) == expected
    assert sorted(_values(["verdetto"], prefix)) == expected


def test_scenario_ids_carry_the_title_as_help() -> None:
    from judgekit.scenario.shipped import shipped

    first = shipped()[0]
    items = _complete(["ruling"], first.id)
    assert [(i.value, i.help) for i in items if i.value == first.id] == [(first.id, first.title)]


@pytest.mark.parametrize("args", [["scenarios", "--mostra"], ["scenari", "--show"], ["nuovo", "--da"]])
def test_options_taking_a_scenario_id_offer_the_ids(args: list[str]) -> None:
    from judgekit.scenario.shipped import shipped

    ids = [s.id for s in shipped()]
    prefix = ids[-1][:3]
    assert sorted(_values(args, prefix)) == sorted(i for i in ids if i.startswith(prefix))


def test_ruling_offers_the_yaml_files_of_the_current_folder_first(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from judgekit.scenario.shipped import shipped

    (tmp_path / "mio-caso.yaml").write_text("id: x\n", encoding="utf-8")
    (tmp_path / "note.txt").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert _values(["ruling"], "mio") == ["mio-caso.yaml"]
    values = _values(["ruling"], "")
    assert values[0] == "mio-caso.yaml" and "note.txt" not in values
    assert values[1:] == [s.id for s in shipped()]


def test_a_path_is_left_to_the_shell() -> None:
    assert _values(["ruling"], "./") == []
    assert _values(["ruling"], "scenari/") == []


def test_manual_offers_the_section_slugs() -> None:
    from judgekit.cache import corpus

    slugs = [s["slug"] for s in corpus()["manual"]]
    prefix = slugs[1][:3]
    assert _values(["manual"], prefix) == [s for s in slugs if s.startswith(prefix)]


def test_infraction_offers_ipg_numbers_and_one_word_names() -> None:
    from judgekit.cache import corpus

    policy = corpus().part("policy")
    first = policy["order"][0]
    assert [v for v in _values(["infraction"], "") if v[:1].isdigit()] == list(policy["order"])
    aliases = [a for a in policy["infractions"][first]["aliases"] if " " not in a]
    assert aliases, "the first infraction has a one-word alias"
    items = _complete(["infrazione"], aliases[0])
    assert aliases[0] in [i.value for i in items]
    assert all(" " not in str(i.value) for i in items)
    assert f"(IPG {first})" in str(next(i.help for i in items if i.value == aliases[0]))


def test_rel_option_offers_the_three_levels() -> None:
    assert _values(["infraction", "--rel"], "") == ["regular", "competitive", "professional"]
    assert _values(["infraction", "-r"], "p") == ["professional"]


def _two_word_card() -> tuple[str, str | None]:
    from judgekit.scenario.cards import library

    for entry in library().entries:
        if len(entry.name.split(" ")) == 2 and entry.name.isascii():
            return entry.name, entry.name_it
    raise AssertionError("no two-word card name in the library")


def test_cards_offer_a_name_word_by_word_ignoring_case_keeping_what_was_typed() -> None:
    name, _it = _two_word_card()
    first, second = name.split(" ")
    typed = first[:3].lower()
    assert typed + first[3:] in _values(["cards"], typed)
    assert " " not in "".join(_values(["cards"], typed))
    assert second in _values(["carte", first], second[:1])
    assert second in _values(["carte", first.upper()], "")


def test_a_word_shared_by_several_cards_is_offered_once_naming_them() -> None:
    from judgekit.scenario.cards import library

    names = [e.name for e in library().entries]
    firsts = [n.split(" ")[0] for n in names if " " in n]
    shared = next(w for w in firsts if firsts.count(w) > 1)
    items = [i for i in _complete(["cards"], shared) if i.value == shared]
    assert len(items) == 1
    assert " · " in str(items[0].help)


def test_cards_offer_italian_names_with_the_full_name_as_help() -> None:
    from judgekit.scenario.cards import library

    entry = next(e for e in library().entries if e.name_it and " " in e.name_it and e.name_it != e.name)
    first = str(entry.name_it).split(" ")[0]
    items = _complete(["cards"], first)
    assert any(i.value == first and str(entry.name_it) in str(i.help) for i in items)


def test_words_that_begin_no_name_start_a_new_one() -> None:
    name, _it = _two_word_card()
    first = name.split(" ")[0]
    assert first in _values(["cards", "zzzz"], first[:3])


def test_formato_offers_its_parts() -> None:
    from judgekit.commands.formato import PARTS

    assert _values(["formato"], "") == sorted(PARTS)
    assert _values(["format"], "a") == sorted(p for p in PARTS if p.startswith("a"))


def test_unreadable_values_offer_nothing_instead_of_failing(monkeypatch: pytest.MonkeyPatch) -> None:
    from judgekit.scenario import shipped

    def broken() -> None:
        raise OSError("disco rotto")

    monkeypatch.setattr(shipped, "shipped", broken)
    assert _values(["ruling"], "a") == []


# -- the shells' formats, through the environment variables the scripts set ------------------------------------

def test_bash_escapes_quotes_in_a_value() -> None:
    from judgekit.scenario.cards import library

    name = next(e.name for e in library().entries if "'" in e.name.split(" ")[0])
    word = name.split(" ")[0]
    result = _bash_complete("cards", word[:word.index("'")])
    assert result.returncode == 0, result.stderr
    assert word.replace("'", "\\'") in result.stdout.splitlines()


def test_bash_escapes_spaces_in_a_file_name(tmp_path: Path) -> None:
    (tmp_path / "caso di prova.yaml").write_text("id: x\n", encoding="utf-8")
    line = "judgekit ruling caso"
    result = subprocess.run([sys.executable, "-m", "judgekit"], capture_output=True, text=True, check=False,
                            cwd=tmp_path, timeout=60,
                            env=_env(_JUDGEKIT_COMPLETE="complete_bash", COMP_WORDS=line, COMP_CWORD="2"))
    assert result.stdout.splitlines() == ["caso\\ di\\ prova.yaml"]


def test_bash_completion_through_the_environment() -> None:
    from judgekit.scenario.shipped import shipped

    ident = shipped()[0].id
    result = _bash_complete("ruling", ident)
    assert result.returncode == 0, result.stderr
    assert ident in result.stdout.splitlines()


def test_zsh_and_fish_show_the_help_beside_the_value() -> None:
    from judgekit.commands.formato import PARTS

    line = f"judgekit formato {PARTS[0]}"
    zsh = subprocess.run([sys.executable, "-m", "judgekit"], capture_output=True, text=True, check=False,
                         env=_env(_JUDGEKIT_COMPLETE="complete_zsh", _TYPER_COMPLETE_ARGS=line))
    assert zsh.stdout.startswith("_arguments") and f'"{PARTS[0]}":"' in zsh.stdout
    fish = subprocess.run([sys.executable, "-m", "judgekit"], capture_output=True, text=True, check=False,
                          env=_env(_JUDGEKIT_COMPLETE="complete_fish", _TYPER_COMPLETE_FISH_ACTION="get-args",
                                   _TYPER_COMPLETE_ARGS=line))
    assert fish.stdout.startswith(PARTS[0] + "\t")


_LIST_MODULES = """
import atexit, runpy, sys
sys.argv = ["judgekit", *sys.argv[1:]]
atexit.register(lambda: sys.stderr.write("MODULES " + " ".join(sorted(sys.modules)) + "\\n"))
runpy.run_module("judgekit", run_name="__main__")
"""


def _imported(*args: str, **env: str) -> list[str]:
    """The modules a run of ``judgekit ARGS`` has imported when it ends."""
    result = subprocess.run([sys.executable, "-c", _LIST_MODULES, *args], capture_output=True, text=True,
                            check=False, env=_env(**env), timeout=60)
    line = next(x for x in result.stderr.splitlines() if x.startswith("MODULES "))
    return line.split()[1:]


def test_completing_imports_neither_rich_nor_pydantic() -> None:
    modules = _imported(_JUDGEKIT_COMPLETE="complete_zsh", _TYPER_COMPLETE_ARGS="judgekit cards a")
    assert "judgekit.completion" in modules
    assert not any(m.split(".")[0] in ("rich", "pydantic") for m in modules)


def test_rule_lookup_does_not_load_completion() -> None:
    modules = _imported("rule", "510.1c")
    assert "judgekit.commands.rules" in modules
    assert "judgekit.completion" not in modules
