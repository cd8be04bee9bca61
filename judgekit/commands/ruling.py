"""CLI commands: ``ruling`` (alias ``verdetto``) and ``scenarios`` (alias ``scenari``)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from judgekit import completion
from judgekit.cli import command


@command("ruling", "verdetto")
def ruling_command(
    file: Annotated[str, typer.Argument(help="File di scenario YAML, «-» per leggerlo dallo standard input, "
                                             "oppure l'id di uno scenario fornito (vedi «judgekit scenarios»).",
                                        metavar="FILE", autocompletion=completion.scenario_files_or_ids)],
    as_json: Annotated[bool, typer.Option("--json", help="Stampa il risultato come un documento JSON.")] = False,
    check: Annotated[bool, typer.Option("--check", help="Esce con codice 4 se le aspettative (expect) non "
                                                        "sono verificate.")] = False,
    brief: Annotated[bool, typer.Option("--breve", "--brief", help="Solo il verdetto, le ipotesi e i passi decisivi "
                                                                   "(al massimo 20 righe).")] = False,
    svg: Annotated[Path | None, typer.Option("--svg", metavar="FILE", help="Salva anche il verdetto come immagine "
                                                                          "SVG (da mostrare o stampare).")] = None,
) -> None:
    """Riproduce uno scenario e spiega il verdetto passo per passo, citando le Comprehensive Rules."""
    from judgekit.errors import CheckFailedError, FileAccessError, InvalidFileError, Issue, NotFoundError
    from judgekit.fileio import check_regular
    from judgekit.ruling.model import failed_document
    from judgekit.ruling.run import replay
    from judgekit.scenario.loader import STDIN_NAME, load_scenario, load_scenario_bytes
    from judgekit.scenario.shipped import find_shipped, suggest
    from judgekit.textstyle import safe

    path = Path(file)
    name = STDIN_NAME if file == "-" else path.stem
    try:
        if file == "-":
            loaded = load_scenario_bytes(_read_stdin())
        elif not path.is_file():
            found = find_shipped(file)
            if found is None:
                if os.path.lexists(path):  # a folder, a FIFO, a device, a symlink loop
                    check_regular(path)
                if path.suffix in (".yaml", ".yml") or "/" in file:
                    raise FileAccessError(f"file non trovato: {file}")
                raise NotFoundError(f"nessuno scenario con id «{file}» (elenco: judgekit scenarios)", suggest(file))
            path, name = found.path, found.path.stem
            loaded = load_scenario(path)
        else:
            check_regular(path)
            loaded = load_scenario(path)
        result = replay(loaded)
    except InvalidFileError as exc:
        if as_json:
            sys.stdout.write(json.dumps(failed_document(name, exc.first, exc.issues), ensure_ascii=False) + "\n")
            raise typer.Exit(exc.exit_code) from None
        raise
    except (FileAccessError, NotFoundError) as error:
        if as_json:
            doc = failed_document(name, Issue(file, None, "", error.render()))
            sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")
            sys.stderr.write(f"errore: {safe(error.render())}\n")
            raise typer.Exit(error.exit_code) from None
        raise
    if as_json:
        sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False) + "\n")
    else:
        from judgekit.render.ruling import render

        render(result, brief=brief)
        if svg is not None:
            from judgekit.render.ruling import render_svg

            render_svg(result, svg, brief=brief)
    if check and not result.passed:
        if as_json:
            raise typer.Exit(CheckFailedError.exit_code)
        raise CheckFailedError("le aspettative dello scenario non sono verificate: " +
                               "; ".join((result.expect or {}).get("failures", [])))


def _show_shipped(ident: str, as_json: bool) -> None:
    """``judgekit scenarios --mostra ID``: the shipped file exactly as it is, comments included."""
    from judgekit.errors import NotFoundError
    from judgekit.fileio import read_bytes
    from judgekit.scenario.shipped import find_shipped, suggest
    from judgekit.textstyle import safe
    from judgekit.yamlio import MAX_BYTES

    found = find_shipped(ident)
    if found is None:
        raise NotFoundError(f"nessuno scenario fornito con id «{safe(ident)}» (elenco: judgekit scenarios)",
                            suggest(ident))
    text = read_bytes(found.path, MAX_BYTES).decode("utf-8", "replace")
    if as_json:
        doc = {"id": found.id, "title": found.title, "folder": found.folder, "tags": found.tags(), "yaml": text}
        sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(text)


def _no_scenario(text: str) -> NoReturn:
    from rapidfuzz import process

    from judgekit.errors import NotFoundError
    from judgekit.scenario.shipped import shipped
    from judgekit.textstyle import safe

    words = sorted({t for s in shipped() for t in s.tags()} | {s.id for s in shipped()})
    near = [n for n, _s, _i in process.extract(text, words, limit=3, score_cutoff=60)]
    raise NotFoundError(f"nessuno scenario fornito per «{safe(text)}» (tutti: judgekit scenarios)", near)


def _read_stdin() -> bytes:
    """The scenario given on standard input (``judgekit ruling -``), read up to one byte past the size limit."""
    from judgekit.errors import FileAccessError
    from judgekit.yamlio import MAX_BYTES

    stream = sys.stdin
    if stream is None:
        return b""
    try:
        binary = getattr(stream, "buffer", None)
        if binary is not None:
            return bytes(binary.read(MAX_BYTES + 1))
        return stream.read(MAX_BYTES + 1).encode("utf-8", "surrogateescape")
    except (OSError, ValueError) as exc:
        raise FileAccessError(f"impossibile leggere lo standard input: {exc}") from None


@command("scenarios", "scenari")
def scenarios_command(
    query: Annotated[list[str] | None, typer.Argument(
        help="Solo gli scenari che hanno tutte queste parole nell'id, nel titolo, nella fonte o nei tag "
             "(travolgere, layer, 613...).", show_default=False, metavar="RICERCA")] = None,
    show: Annotated[str | None, typer.Option(
        "--mostra", "--show", metavar="ID", show_default=False, autocompletion=completion.scenario_ids,
        help="Stampa il file YAML di uno scenario fornito così com'è, commenti compresi.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Stampa l'elenco come un documento JSON.")] = False,
) -> None:
    """Elenca gli scenari forniti con judgekit (id, titolo e tag), anche solo quelli di un tag o di una parola."""
    from judgekit.scenario.shipped import FOLDER_TAGS, matches, shipped
    from judgekit.textstyle import fit, safe, style, two_columns

    if show is not None:
        _show_shipped(show, as_json)
        return
    text = " ".join(query or []).strip()
    items = [s for s in shipped() if matches(s, text)] if text else shipped()
    if text and not items:
        _no_scenario(text)
    if as_json:
        sys.stdout.write(json.dumps([{"id": s.id, "title": s.title, "folder": s.folder, "tags": s.tags(),
                                      "rules": s.rules()} for s in items], ensure_ascii=False) + "\n")
        return
    if not items:
        sys.stdout.write("Nessuno scenario fornito.\n")
        return
    width = max(len(s.id) for s in items)
    current = None
    for s in items:
        if s.folder != current:
            current = s.folder
            sys.stdout.write(style(safe(f"{s.folder}/"), "bold") + "\n")
        extra = [t for t in s.tags() if t != FOLDER_TAGS.get(s.folder)]
        tags = style(safe(f"  [{', '.join(extra)}]"), "dim") if extra else ""
        sys.stdout.write(two_columns(safe(s.id), f"{safe(s.title)}{tags}", width) + "\n")
    found = f"{len(items)} scenari" + (f" per «{safe(text)}»" if text else "")
    sys.stdout.write(fit(f"\n{found}. Esegui: judgekit ruling ID · il file: judgekit scenarios --mostra ID · "
                         "una copia da modificare: judgekit nuovo --da ID FILE") + "\n")
