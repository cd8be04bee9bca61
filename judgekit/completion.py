"""Shell completion for bash, zsh and fish: the scripts, their installation and the values offered.

``judgekit --show-completion [SHELL]`` prints the script of a shell, ``judgekit --install-completion [SHELL]``
writes it where the shell reads it (the shell is found from the running one, else from ``$SHELL``). The script
calls ``judgekit`` again with ``_JUDGEKIT_COMPLETE`` set (typer's protocol: ``complete_bash``, ``complete_zsh``,
``complete_fish``); :func:`judgekit.cli.run` then builds only the command being completed, and the functions
below offer its values: shipped scenario ids, manual slugs, infractions, card names, parts of the format page,
REL names. Every value comes from a cache or a cheap file listing, and nothing here imports rich or pydantic.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import click
from typer._completion_classes import BashComplete, FishComplete, ZshComplete, completion_init

PROG = "judgekit"
COMPLETE_VAR = "_JUDGEKIT_COMPLETE"
SHELLS = ("bash", "zsh", "fish")
_SAFE = re.compile(r"[\w.,+@%/:=-]*")
_RC_MARK = "# completamento di judgekit"

Item = tuple[str, str]


# -- the shells' side ---------------------------------------------------------------------------------------------

class _Bash(BashComplete):
    """Bash inserts a value as it is: a value with spaces or quotes is escaped with backslashes."""

    def format_completion(self, item: click.shell_completion.CompletionItem) -> str:
        value = str(item.value)
        if _SAFE.fullmatch(value):
            return value
        return "".join(ch if _SAFE.fullmatch(ch) else "\\" + ch for ch in value)


class _Zsh(ZshComplete):
    """Typer's zsh format without rendering help texts through rich (ours are plain text)."""

    def format_completion(self, item: click.shell_completion.CompletionItem) -> str:
        def escape(text: str) -> str:
            return (text.replace('"', '""').replace("'", "''").replace("$", "\\$").replace("`", "\\`")
                    .replace(":", r"\\:"))

        if item.help:
            return f'"{escape(str(item.value))}":"{escape(" ".join(item.help.split()))}"'
        return f'"{escape(str(item.value))}"'


class _Fish(FishComplete):
    """Typer's fish format without rendering help texts through rich."""

    def format_completion(self, item: click.shell_completion.CompletionItem) -> str:
        if item.help:
            return f"{item.value}\t{' '.join(item.help.split())}"
        return str(item.value)


_CLASSES: dict[str, type[click.shell_completion.ShellComplete]] = {"bash": _Bash, "zsh": _Zsh, "fish": _Fish}


def init() -> None:
    """Register the completion classes of the three shells (typer's protocol, judgekit's formatting)."""
    completion_init()
    for name, cls in _CLASSES.items():
        click.shell_completion.add_completion_class(cls, name)


def completing() -> bool:
    """Whether this run was started by a completion script."""
    return bool(os.environ.get(COMPLETE_VAR))


def completion_words() -> list[str]:
    """The words before the one being completed, the program's name left out (bash, zsh and fish)."""
    from click.shell_completion import split_arg_string

    instruction = os.environ.get(COMPLETE_VAR, "")
    try:
        if instruction.endswith("_bash"):
            words = split_arg_string(os.environ.get("COMP_WORDS", ""))
            return words[1:int(os.environ.get("COMP_CWORD", "0"))]
        line = os.environ.get("_TYPER_COMPLETE_ARGS", "")
        words = split_arg_string(line)[1:]
        return words if line.endswith(" ") else words[:-1]
    except ValueError:
        return []


def script(shell: str) -> str:
    """The completion script of ``shell`` (bash, zsh or fish)."""
    init()
    cls = _CLASSES[shell]
    return cls(click.Command(PROG), {}, PROG, COMPLETE_VAR).source().strip() + "\n"


def detect_shell() -> str | None:
    """The shell judgekit runs under (its parent processes), else the login shell of ``$SHELL``."""
    try:
        import shellingham

        name = str(shellingham.detect_shell()[0])
    except Exception:  # no process information: fall back on $SHELL  # noqa: BLE001
        name = Path(os.environ.get("SHELL", "")).name
    return name if name in SHELLS else None


def choose_shell(value: str) -> str:
    """The shell named by ``value`` (empty: the detected one); a usage error when it is not supported."""
    name = value.strip().lower() or detect_shell()
    if name is None:
        raise click.UsageError("non riconosco la shell in uso: indicala (bash, zsh o fish), per esempio "
                               "«judgekit --install-completion bash»")
    if name not in SHELLS:
        raise click.UsageError(f"shell non supportata «{value}»: scegli bash, zsh o fish")
    return name


def _add_line(rc: Path, line: str) -> bool:
    """Append ``line`` (with a comment naming judgekit) to the start-up file ``rc`` unless it is there."""
    text = rc.read_text(encoding="utf-8", errors="replace") if rc.is_file() else ""
    if line in text.splitlines():
        return False
    rc.parent.mkdir(parents=True, exist_ok=True)
    lead = "" if not text or text.endswith("\n") else "\n"
    with rc.open("a", encoding="utf-8") as handle:
        handle.write(f"{lead}{_RC_MARK}\n{line}\n")
    return True


def install(shell: str, home: Path | None = None) -> tuple[Path, Path | None]:
    """Write the script of ``shell`` where it is read; return its path and the start-up file changed, if any.

    bash: ``~/.bash_completions/judgekit.sh``, sourced from ``~/.bashrc``; zsh: ``~/.zfunc/_judgekit``, with
    ``~/.zfunc`` added to ``fpath`` in ``~/.zshrc``; fish: ``~/.config/fish/completions/judgekit.fish`` (under
    ``$XDG_CONFIG_HOME`` when set), which fish loads by itself.
    """
    home = home or Path.home()
    rc: Path | None = None
    if shell == "bash":
        target = home / ".bash_completions" / f"{PROG}.sh"
        rc = home / ".bashrc"
        line = f"[ -f '{target}' ] && . '{target}'"
    elif shell == "zsh":
        target = home / ".zfunc" / f"_{PROG}"
        rc = home / ".zshrc"
        line = "fpath+=~/.zfunc; autoload -Uz compinit; compinit"
    else:
        config = os.environ.get("XDG_CONFIG_HOME") or str(home / ".config")
        target = Path(config) / "fish" / "completions" / f"{PROG}.fish"
        line = ""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(script(shell), encoding="utf-8")
    changed = rc if rc is not None and _add_line(rc, line) else None
    return target, changed


def show_option(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    """``--show-completion [SHELL]``: print the script and stop."""
    if value is None or ctx.resilient_parsing:
        return
    click.echo(script(choose_shell(value)), nl=False)
    ctx.exit(0)


def install_option(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    """``--install-completion [SHELL]``: write the script, say where, and stop."""
    if value is None or ctx.resilient_parsing:
        return
    shell = choose_shell(value)
    try:
        target, rc = install(shell)
    except OSError as exc:
        from judgekit.errors import EXIT_IO

        click.echo(f"errore: impossibile installare il completamento per {shell}: {exc}", err=True)
        ctx.exit(EXIT_IO)
    click.echo(f"Completamento per {shell} installato in {target}.")
    if rc is not None:
        click.echo(f"Aggiunta una riga a {rc} che lo carica.")
    click.echo("Vale dal prossimo terminale che apri.")
    ctx.exit(0)


# -- the values offered -------------------------------------------------------------------------------------------

def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


def _keep_prefix(items: Iterable[Item], incomplete: str) -> list[Item]:
    """The values that start with ``incomplete`` ignoring case and accents, spelt from what was typed on.

    Shells (and typer) keep only values that start with the typed text exactly: ``llan`` offers
    ``llanowar Elves``, which judgekit reads as ``Llanowar Elves``.
    """
    wanted = _fold(incomplete)
    out: list[Item] = []
    seen: set[str] = set()
    for value, help_text in items:
        if not _fold(value).startswith(wanted):
            continue
        spelt = incomplete + value[len(incomplete):] if _fold(value[:len(incomplete)]) == wanted else value
        if spelt not in seen:
            seen.add(spelt)
            out.append((spelt, help_text))
    return out


def _quietly(produce: Any) -> list[Item]:
    """The values ``produce()`` gives, or none when they cannot be read (completion never prints an error)."""
    try:
        return list(produce())
    except Exception:  # a broken cache or data file: offer nothing, the command itself will say why  # noqa: BLE001
        return []


def _scenarios() -> list[Item]:
    from judgekit.scenario.shipped import shipped

    return [(s.id, s.title) for s in shipped()]


def scenario_ids(incomplete: str) -> list[Item]:
    """The ids of the shipped scenarios (``scenarios --mostra``, ``nuovo --da``, and ``ruling`` after its files).

    A path (with ``/`` or starting with ``.``) is left to the shell's own file completion.
    """
    if "/" in incomplete or incomplete.startswith((".", "~")):
        return []
    return _keep_prefix(_quietly(_scenarios), incomplete)


def scenario_files_or_ids(incomplete: str) -> list[Item]:
    """``judgekit ruling``: the YAML files of the current folder, then the shipped scenario ids.

    A path (with ``/`` or starting with ``.``) is left to the shell's own file completion.
    """
    if "/" in incomplete or incomplete.startswith((".", "~")):
        return []

    def files() -> list[Item]:
        with os.scandir(".") as entries:
            return sorted((e.name, "file di scenario") for e in entries
                          if e.name.endswith((".yaml", ".yml")) and not e.name.startswith(".") and e.is_file())

    return _keep_prefix(_quietly(files), incomplete) + scenario_ids(incomplete)


def _slugs() -> list[Item]:
    from judgekit.cache import corpus

    return [(str(s["slug"]), str(s.get("title") or "")) for s in corpus()["manual"]]


def manual_slugs(incomplete: str) -> list[Item]:
    """The slugs of the manual's sections (``judgekit manual``), the section's title as help."""
    return _keep_prefix(_quietly(_slugs), incomplete)


def _infractions() -> list[Item]:
    from judgekit.cache import corpus

    policy = corpus().part("policy")
    items: list[Item] = []
    table = policy.get("infractions", {}) if isinstance(policy, dict) else {}
    for ident in policy.get("order", []) if isinstance(policy, dict) else []:
        entry = table.get(ident) or {}
        name = str(entry.get("name_it") or entry.get("name_en") or "")
        items.append((str(ident), name))
    for ident in policy.get("order", []) if isinstance(policy, dict) else []:
        entry = table.get(ident) or {}
        name = f"{entry.get('name_it') or entry.get('name_en') or ''} (IPG {ident})"
        items += [(str(alias), name) for alias in entry.get("aliases") or [] if " " not in str(alias)]
    return items


def infraction_names(incomplete: str) -> list[Item]:
    """IPG numbers (``2.1``) and one-word names (``mt``, ``grv``) of the infractions (``judgekit infraction``)."""
    return _keep_prefix(_quietly(_infractions), incomplete)


def _cards() -> list[Item]:
    from judgekit.scenario.cards import library

    items: list[Item] = []
    for entry in library().entries:
        items.append((entry.name, entry.name_it if entry.name_it and entry.name_it != entry.name else ""))
        if entry.name_it and entry.name_it != entry.name:
            items.append((entry.name_it, entry.name))
    return items


def card_names(ctx: click.Context, incomplete: str) -> list[Item]:
    """The English and Italian names of the library's cards (``judgekit cards``), one word at a time.

    ``cards`` reads all its words together, so a name is offered word by word (no quoting of spaces in any
    shell): ``cards Llan`` offers ``Llanowar``, ``cards Llanowar E`` offers ``Elves``; the help of a word names
    the card (or the cards) it belongs to. Words already given that begin no name start a new one.
    """
    given = [str(w) for w in (ctx.params.get("query") or [])]
    names = [name for name, _other in _quietly(_cards)]
    return _name_words(names, given, incomplete)


def _all_cards() -> list[Item]:
    from judgekit.carddb import all_names

    return [(name, "") for name in all_names()]


def all_card_names(ctx: click.Context, incomplete: str) -> list[Item]:
    """``judgekit card``: the names of every card, imported and in the library (English and Italian, every face),
    one word at a time as for ``judgekit cards``."""
    given = [str(w) for w in (ctx.params.get("name") or [])]
    names = [name for name, _other in _quietly(_all_cards)]
    return _name_words(names, given, incomplete)


def _name_words(names: list[str], given: list[str], incomplete: str) -> list[Item]:
    """The next word of the names that the words ``given`` begin (see :func:`card_names`)."""
    for skip in ((len(given), 0) if given else (0,)):
        lead = _fold(" ".join(given[len(given) - skip:])) if skip else ""
        words: dict[str, list[str]] = {}
        for name in names:
            parts = name.split(" ")
            if len(parts) > skip and _fold(" ".join(parts[:skip])) == lead:
                words.setdefault(parts[skip], []).append(name)
        found = _keep_prefix(((word, _belongs(owners)) for word, owners in words.items()), incomplete)
        if found:
            return found
    return []


def _belongs(names: list[str]) -> str:
    unique = list(dict.fromkeys(names))
    if len(unique) == 1:
        return unique[0]
    return " · ".join(unique[:2]) + (f" e altre {len(unique) - 2}" if len(unique) > 2 else "")


def _parts() -> list[Item]:
    """The pages of ``judgekit formato`` (``pages/formato/<part>.md``), each with its first line as title."""
    from judgekit import paths

    items: list[Item] = []
    for page in sorted((paths.pages_dir() / "formato").glob("*.md")):
        with page.open(encoding="utf-8") as handle:
            items.append((page.stem, handle.readline().lstrip("#").strip()))
    return items


def formato_parts(incomplete: str) -> list[Item]:
    """The parts of the scenario format's reference (``judgekit formato``), the page's title as help."""
    return _keep_prefix(_quietly(_parts), incomplete)


def study_topics(incomplete: str) -> list[Item]:
    """The topics of ``judgekit studia --argomento``, their Italian names as help."""
    from judgekit.study.model import TOPICS

    return _keep_prefix(list(TOPICS.items()), incomplete)


def study_actions(incomplete: str) -> list[Item]:
    """The actions of ``judgekit studia``."""
    actions = [("esame", "un esame, punteggio alla fine"), ("progressi", "i progressi per argomento"),
               ("domanda", "una domanda (per script)"), ("rispondi", "rispondere a una domanda (per script)"),
               ("argomenti", "gli argomenti e quante domande hanno")]
    return _keep_prefix(actions, incomplete)


def rel_names(incomplete: str) -> list[Item]:
    """The three Rules Enforcement Levels (``judgekit infraction --rel``)."""
    levels = [("regular", "amatoriale (FNM, eventi locali)"), ("competitive", "competitivo"),
              ("professional", "professionale")]
    return _keep_prefix(levels, incomplete)
