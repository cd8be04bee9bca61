"""CLI command ``check`` (alias ``controlla``): validate data and scenario files."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from judgekit.cli import command
from judgekit.errors import EXIT_INVALID_FILE


@command("check", "controlla")
def check(
    targets: Annotated[
        list[Path] | None,
        typer.Argument(help="File o cartelle da controllare (predefinito: dati e scenari inclusi).",
                       show_default=False),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Stampa un documento JSON.")] = False,
) -> None:
    """Controlla file di dati e scenari: ogni problema come «file:riga chiave: messaggio»."""
    from judgekit.check import check as run_check

    count, issues = run_check(list(targets) if targets else None)
    if as_json:
        doc = {"files": count, "ok": not issues, "issues": [i.as_dict() for i in issues]}
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    else:
        for issue in issues:
            sys.stdout.write(issue.format() + "\n")
        if issues:
            n = len(issues)
            sys.stdout.write(f"{n} problem{'a' if n == 1 else 'i'} in {count} file.\n")
        else:
            sys.stdout.write(f"Nessun problema: {count} file controllati.\n")
    if issues:
        raise typer.Exit(EXIT_INVALID_FILE)
