"""CLI commands: search (registered on import by :mod:`judgekit.cli`)."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from judgekit.cli import command
from judgekit.errors import JudgekitError
from judgekit.textstyle import safe


def _check_doc(value: str | None) -> str | None:
    """Reject an unknown ``--doc`` while the arguments are parsed (an Italian usage error, exit 2)."""
    from judgekit.search import service

    try:
        service.parse_docs(value)
    except ValueError as exc:
        raise typer.BadParameter(f"«{exc}» non è un documento: scegli tra {', '.join(service.DOC_CHOICES)}") from None
    return value


@command("search", "cerca")
def search_command(
    query: Annotated[list[str] | None, typer.Argument(
        help="Cosa cercare: parole in italiano o inglese, un numero di regola (510.1c), un alias (grv).",
        show_default=False, metavar="RICERCA")] = None,
    doc: Annotated[str | None, typer.Option(
        "--doc", "-d", metavar="DOC", callback=_check_doc,
        help="Cerca solo in: cr, ipg, jar, mtr, manuale, glossario (anche più d'uno, separati da virgole).",
        show_default=False)] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, help="Quanti risultati mostrare.")] = 10,
    why: Annotated[bool, typer.Option("--why", "--perche", help="Spiega cosa ha trovato e come ha dato il punteggio.")]
    = False,
    as_json: Annotated[bool, typer.Option("--json", help="Stampa i risultati come un documento JSON.")] = False,
) -> None:
    """Cerca nel regolamento, nelle sintesi, nelle policy (IPG, JAR, MTR), nel manuale e nel glossario."""
    from judgekit.search import render, service

    text = " ".join(query or []).strip()
    docs = service.parse_docs(doc)
    try:
        index, parsed, hits = service.run(text, docs=docs, limit=limit, explain=why)
    except JudgekitError as exc:
        if not as_json:
            raise
        _json_failure(text, exc)
    if hits:
        if as_json:
            sys.stdout.write(render.to_json(index, text, hits) + "\n")
        else:
            from judgekit.textstyle import write

            write(render.to_text(index, parsed, hits, why=why))
        return
    error = service.not_found(index, text, docs)
    if as_json:
        _json_failure(text, error)
    raise error


def _json_failure(text: str, error: JudgekitError) -> None:
    """The one ``--json`` document of a search that failed (no hits, or no index), then its exit code."""
    doc = {"query": text, "hits": [], "ok": False, "error": {"code": error.exit_code, "message": error.render()}}
    sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")
    sys.stderr.write(f"errore: {safe(error.render())}\n")
    raise typer.Exit(error.exit_code)
