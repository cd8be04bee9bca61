"""CLI command ``check`` (alias ``controlla``): validate data and scenario files."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from judgekit.cli import command
from judgekit.errors import EXIT_INVALID_FILE, EXIT_IO


@command("check", "controlla")
def check(
    targets: Annotated[
        list[Path] | None,
        typer.Argument(help="File o cartelle da controllare (predefinito: dati e scenari inclusi e le tue carte).",
                       show_default=False, readable=False),  # judgekit reports it: Italian, exit 5
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Stampa un documento JSON.")] = False,
) -> None:
    """Controlla file di dati e scenari: ogni problema come «file:riga chiave: messaggio»."""
    from judgekit.check import check_all
    from judgekit.errors import shown_issues
    from judgekit.textstyle import safe

    result = check_all(list(targets) if targets else None)
    count, issues = result.count, result.unreadable + result.issues
    if as_json:
        doc = {"files": count, "ok": not issues, "issues": [i.as_dict() for i in issues]}
        sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
    else:
        for line in shown_issues([issue.format() for issue in issues]):
            sys.stdout.write(safe(line) + "\n")
        if result.unreadable:
            n = len(result.unreadable)
            sys.stdout.write(f"{n} file o cartell{'a' if n == 1 else 'e'} non leggibil{'e' if n == 1 else 'i'}.\n")
        if result.issues:
            n = len(result.issues)
            sys.stdout.write(f"{n} problem{'a' if n == 1 else 'i'} in {count} file.\n")
        elif not issues:
            sys.stdout.write(f"Nessun problema: {count} file controllati.\n")
    if result.unreadable:
        raise typer.Exit(EXIT_IO)
    if issues:
        raise typer.Exit(EXIT_INVALID_FILE)
