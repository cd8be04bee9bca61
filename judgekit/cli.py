"""The ``judgekit`` command line: a thin typer app whose commands call into the library.

Errors are caught once, here, at the CLI boundary: a :class:`~judgekit.errors.JudgekitError` is
printed in Italian on standard error and turned into its exit code; an unexpected exception becomes
an Italian "errore interno" message (its traceback only with ``JUDGEKIT_DEBUG=1``). Exit code 2 is
left to typer's usage errors. Command modules are imported only to register their thin functions;
everything heavy is imported inside the command bodies.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click
import typer
from typer.core import TyperCommand, TyperGroup

from judgekit import __version__
from judgekit.errors import EXIT_INTERNAL, JudgekitError

_ITALIAN_DONE = False


def _italianize() -> None:
    """Italian titles for typer's rich help and error panels (imported only when they are shown)."""
    global _ITALIAN_DONE
    if _ITALIAN_DONE:
        return
    _ITALIAN_DONE = True
    try:
        from typer import rich_utils
    except ImportError:  # pragma: no cover - rich is a dependency
        return
    from judgekit.textstyle import patch_rich_broken_pipe

    patch_rich_broken_pipe()
    rich_utils.ARGUMENTS_PANEL_TITLE = "Argomenti"
    rich_utils.OPTIONS_PANEL_TITLE = "Opzioni"
    rich_utils.COMMANDS_PANEL_TITLE = "Comandi"
    rich_utils.ERRORS_PANEL_TITLE = "Errore"
    rich_utils.ABORTED_TEXT = "Interrotto."
    rich_utils.RICH_HELP = "Prova [blue]'{command_path} {help_option}'[/] per l'aiuto."
    rich_utils.DEFAULT_STRING = "[predefinito: {}]"
    rich_utils.REQUIRED_LONG_STRING = "[obbligatorio]"
    rich_utils.ENVVAR_STRING = "[variabile d'ambiente: {}]"
    rich_utils.DEPRECATED_STRING = "(deprecato) "


# click's own messages for values of the wrong type, and the rest of its English, told in Italian.
_CLICK_ENGLISH: tuple[tuple[str, str], ...] = (
    (r"'(.*)' is not a valid integer( range)?\.?", "«\\1» non è un numero intero"),
    (r"'(.*)' is not a valid float( range)?\.?", "«\\1» non è un numero"),
    (r"'(.*)' is not a valid boolean\.?", "«\\1» non è un valore sì/no"),
    (r"'(.*)' is not one of (.*)\.", "«\\1» non è tra i valori ammessi: \\2"),
    (r"'?(.*?)'? is not in the range x>=(\S+)\.", "\\1 è troppo piccolo: deve essere almeno \\2"),
    (r"'?(.*?)'? is not in the range x<=(\S+)\.", "\\1 è troppo grande: deve essere al massimo \\2"),
    (r"'?(.*?)'? is not in the range (.*)\.", "\\1 è fuori dall'intervallo ammesso (\\2)"),
    (r"(File|Directory|Path) '(.*)' does not exist\.", "«\\2» non esiste"),
    (r"(File|Directory|Path) '(.*)' is a directory\.", "«\\2» è una cartella"),
    (r"(File|Directory|Path) '(.*)' is a file\.", "«\\2» è un file"),
    (r"(File|Directory|Path) '(.*)' is not readable\.", "«\\2» non è leggibile"),
    (r"Option '(.*)' requires an argument\.", "l'opzione «\\1» vuole un valore"),
    (r"Option '(.*)' requires (\d+) arguments\.", "l'opzione «\\1» vuole \\2 valori"),
    (r"Option '(.*)' does not take a value\.", "l'opzione «\\1» non vuole un valore"),
    (r"No such command '(.*?)'\.", "comando sconosciuto «\\1»."),
    (r"\s*Did you mean '(.*?)'\?", " Forse cercavi «\\1»?"),
    (r"\s*Did you mean one of (.*?)\?", " Forse cercavi uno tra \\1?"),
    (r"Got unexpected extra arguments? \((.*)\)", "argomenti in più non previsti: \\1"),
    (r"Missing command\.?", "manca il comando"),
)


def _in_italian(message: str) -> str:
    """``message`` with click's English phrases replaced by Italian ones."""
    import re

    for pattern, replacement in _CLICK_ENGLISH:
        message = re.sub(pattern, replacement, message)
    return message


def _italian_usage_error(exc: click.UsageError, ctx: click.Context | None = None) -> click.UsageError:
    """The same usage error, told in Italian (exit code 2 as typer's)."""
    _italianize()
    message = exc.message
    if isinstance(exc, click.MissingParameter):
        name = exc.param.human_readable_name if exc.param is not None else ""
        if isinstance(exc.param, click.Argument):
            message = f"manca l'argomento obbligatorio «{name}»"
        else:
            message = f"manca l'opzione obbligatoria «{name}»"
    elif isinstance(exc, click.NoSuchOption):
        hint = f" (forse {', '.join(exc.possibilities)}?)" if exc.possibilities else ""
        message = f"opzione sconosciuta «{exc.option_name}»{hint}"
    elif isinstance(exc, click.BadParameter):
        param = exc.param
        if isinstance(param, click.Option) and param.opts:
            label = max(param.opts, key=len)  # --limit, not the parameter's English name
        else:
            label = param.human_readable_name if param is not None else str(exc.param_hint or "")
        message = f"valore non valido per «{label}»: {_in_italian(exc.message)}"
    else:
        message = _in_italian(message)
    return click.UsageError(message, ctx=exc.ctx or ctx)


def _report(exc: JudgekitError) -> None:
    from judgekit.textstyle import safe

    sys.stderr.write(f"errore: {safe(exc.render())}\n")


class _ItalianMixin:
    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = "Mostra questo aiuto ed esce."
        return option

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _italianize()
        super().format_help(ctx, formatter)  # type: ignore[misc]

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix="Uso: ")

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)  # type: ignore[misc]
        except click.UsageError as exc:
            raise _italian_usage_error(exc, ctx) from None


class JudgekitCommand(_ItalianMixin, TyperCommand):
    """A typer command with Italian help and usage messages."""


class JudgekitGroup(_ItalianMixin, TyperGroup):
    """The top-level group: Italian messages, Italian aliases and the single error boundary."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params += _completion_params()

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return super().get_command(ctx, ALIASES.get(cmd_name, cmd_name))

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as exc:
            raise _italian_usage_error(exc, ctx) from None

    def invoke(self, ctx: click.Context) -> Any:
        args = [*getattr(ctx, "_protected_args", ()), *ctx.args]
        wants_json = "--json" in (args[:args.index("--")] if "--" in args else args)
        try:
            return super().invoke(ctx)
        except JudgekitError as exc:
            _report(exc)
            if wants_json:
                _json_error(exc.exit_code, exc.render())
            ctx.exit(exc.exit_code)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except BrokenPipeError:
            raise  # the reader went away: run() ends quietly
        except KeyboardInterrupt:
            sys.stderr.write("interrotto\n")
            ctx.exit(130)
        except Exception as exc:  # the last line of defence: never a traceback for users
            if os.environ.get("JUDGEKIT_DEBUG"):
                raise
            from judgekit.textstyle import safe

            message = safe(f"errore interno: {type(exc).__name__}: {exc}")
            sys.stderr.write(f"{message}\nRipeti con JUDGEKIT_DEBUG=1 per i dettagli e segnala il problema.\n")
            if wants_json:
                _json_error(EXIT_INTERNAL, message)
            ctx.exit(EXIT_INTERNAL)


def _json_error(code: int, message: str) -> None:
    """The one JSON document of a ``--json`` run that ended in an error (commands never print theirs first)."""
    import json

    sys.stdout.write(json.dumps({"ok": False, "error": {"code": code, "message": message}}, ensure_ascii=False) + "\n")


# Every command: its module, and its Italian aliases. A run registers only the command it needs
# (the lazy-loading pattern of click's documentation), so start-up does not grow with the command set.
COMMAND_MODULES: dict[str, str] = {
    "rule": "judgekit.commands.rules",
    "import-cr": "judgekit.commands.rules",
    "manual": "judgekit.commands.manual",
    "search": "judgekit.commands.search",
    "infraction": "judgekit.commands.policy",
    "penalties": "judgekit.commands.policy",
    "ruling": "judgekit.commands.ruling",
    "scenarios": "judgekit.commands.ruling",
    "check": "judgekit.commands.check",
    "cards": "judgekit.commands.cards",
    "card": "judgekit.commands.carddb",
    "import-cards": "judgekit.commands.carddb",
    "formato": "judgekit.commands.formato",
    "nuovo": "judgekit.commands.nuovo",
    "studia": "judgekit.commands.study",
}
# The Italian aliases reach the same modules (the group maps them to the command once it is loaded).
COMMAND_MODULES.update({
    "regola": COMMAND_MODULES["rule"],
    "importa-cr": COMMAND_MODULES["import-cr"],
    "manuale": COMMAND_MODULES["manual"],
    "cerca": COMMAND_MODULES["search"],
    "infrazione": COMMAND_MODULES["infraction"],
    "penalita": COMMAND_MODULES["penalties"],
    "verdetto": COMMAND_MODULES["ruling"],
    "scenari": COMMAND_MODULES["scenarios"],
    "controlla": COMMAND_MODULES["check"],
    "carte": COMMAND_MODULES["cards"],
    "carta": COMMAND_MODULES["card"],
    "importa-carte": COMMAND_MODULES["import-cards"],
    "format": COMMAND_MODULES["formato"],
    "new": COMMAND_MODULES["nuovo"],
    "quiz": COMMAND_MODULES["studia"],
    "study": COMMAND_MODULES["studia"],
})
ALIASES: dict[str, str] = {}


@dataclass
class _Spec:
    name: str
    aliases: tuple[str, ...]
    func: Callable[..., Any]
    kwargs: dict[str, Any]


_REGISTRY: dict[str, _Spec] = {}


def command(name: str, *aliases: str, **kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declare a command under its English name and its Italian aliases (used by command modules)."""

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        _REGISTRY[name] = _Spec(name, aliases, func, kwargs)
        for alias in aliases:
            ALIASES[alias] = name
        return func

    return decorate


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"judgekit {__version__}\n")
        raise typer.Exit()


def _completion_option(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--install-completion`` and ``--show-completion`` (judgekit/completion.py, imported only when given)."""
    if value is None or ctx.resilient_parsing:
        return
    from judgekit import completion

    handler = completion.install_option if param.name == "install_completion" else completion.show_option
    handler(ctx, param, value)


def _completion_params() -> list[click.Parameter]:
    """``--install-completion [SHELL]`` and ``--show-completion [SHELL]`` (the shell may be left out).

    Plain click options: typer's own take no optional value and speak English.
    """
    common: dict[str, Any] = {"metavar": "[SHELL]", "is_flag": False, "flag_value": "", "default": None,
                              "expose_value": False, "is_eager": True, "callback": _completion_option}
    return [
        click.Option(["--install-completion"], **common,
                     help="Installa il completamento dei comandi per la shell (bash, zsh o fish; senza: quella "
                          "in uso)."),
        click.Option(["--show-completion"], **common,
                     help="Stampa lo script di completamento della shell, da copiare o installare a mano."),
    ]


def _root(
    version: bool = typer.Option(False, "--version", "-V", help="Mostra la versione ed esce.",
                                 callback=_version, is_eager=True),
) -> None:
    """judgekit: regole, policy da torneo e verdetti di Magic: the Gathering, in italiano."""


def build_app(only: str | None = None) -> typer.Typer:
    """The typer app with every command, or with just ``only`` (a command name) for a fast run."""
    modules = [COMMAND_MODULES[only]] if only in COMMAND_MODULES else sorted(set(COMMAND_MODULES.values()))
    for module in modules:
        importlib.import_module(module)
    built = typer.Typer(
        name="judgekit",
        cls=JudgekitGroup,
        help=_root.__doc__,
        context_settings={"help_option_names": ["-h", "--help"]},
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        options_metavar="[OPZIONI]",
        subcommand_metavar="COMANDO [ARGOMENTI]...",
    )
    built.callback()(_root)
    for spec in sorted(_REGISTRY.values(), key=lambda s: s.name):
        if only in COMMAND_MODULES and spec.name != only:
            continue
        helptext = (spec.func.__doc__ or "").strip().split("\n")[0]
        if spec.aliases:
            helptext += f" (alias: {', '.join(spec.aliases)})"
        built.command(spec.name, cls=JudgekitCommand, help=helptext, options_metavar="[OPZIONI]",
                      **spec.kwargs)(spec.func)
    return built


def __getattr__(name: str) -> Any:
    """``judgekit.cli.app``: the full app (every command), built on first access."""
    if name == "app":
        full = build_app()
        globals()["app"] = full
        return full
    raise AttributeError(name)


def configure_streams() -> None:
    """Standard output and error never fail on a character their encoding lacks.

    Under an ASCII or Latin-1 locale (``LC_ALL=C``, ``PYTHONIOENCODING=ascii``) Italian text and
    arguments holding undecodable bytes (surrogates) are written with replacement characters.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # pragma: no cover - a closed or detached stream
                pass


def _sane_columns() -> None:
    """A ``COLUMNS`` that is not a number of at least 20 counts as unknown (80 columns when not a terminal)."""
    value = os.environ.get("COLUMNS")
    if value is None:
        return
    try:
        usable = int(value) >= 20
    except ValueError:
        usable = False
    if not usable:
        del os.environ["COLUMNS"]


def _quiet_stdout() -> None:
    """Point standard output at /dev/null, so the flush at exit cannot fail on a closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ is not None else 1)
        os.close(devnull)
    except (OSError, ValueError):  # pragma: no cover - nothing more to do
        pass


def run() -> None:
    """Console-script entry point: loads and registers only the command asked for.

    A closed pipe (``judgekit scenarios | head -1``) ends the run quietly with exit code 0, as the
    Python documentation recommends for SIGPIPE.
    """
    configure_streams()
    _sane_columns()
    argv = sys.argv[1:]
    if os.environ.get("_JUDGEKIT_COMPLETE"):  # a completion script asks for values (judgekit/completion.py)
        from judgekit import completion

        completion.init()
        argv = completion.completion_words()
    wanted = argv[0] if argv and argv[0] in COMMAND_MODULES else None
    code: int | str | None = 0
    pipe_closed = False
    try:
        try:
            if wanted is not None:
                importlib.import_module(COMMAND_MODULES[wanted])
                wanted = ALIASES.get(wanted, wanted)
            build_app(wanted)(prog_name="judgekit")
        except SystemExit as exc:
            code = exc.code
        sys.stdout.flush()
    except BrokenPipeError:
        pipe_closed = True
    # click turns a closed pipe into exit code 1 after wrapping standard output in _PacifyFlushWrapper
    if pipe_closed or type(sys.stdout).__name__.endswith("PacifyFlushWrapper"):
        _quiet_stdout()
        code = 0
    sys.exit(code)
