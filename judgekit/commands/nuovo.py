"""CLI command ``nuovo`` (alias ``new``): a scenario to start from, written to a file or to standard output.

Without ``--da`` it is the commented template shipped in the package (``judgekit/pages/modello-scenario.yaml``),
which ``judgekit check`` accepts as it is; with ``--da ID`` it is a shipped scenario, byte for byte. A file is
written atomically and never replaces an existing one unless ``--forza`` is given.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from judgekit import completion
from judgekit.cli import command

TEMPLATE = "modello-scenario.yaml"


def template() -> bytes:
    from judgekit import paths
    from judgekit.fileio import read_bytes

    return read_bytes(paths.pages_dir() / TEMPLATE, 1_000_000)


def write_new(path: Path, data: bytes, *, replace: bool) -> None:
    """Write ``data`` to ``path`` whole or not at all; an existing file is kept unless ``replace``.

    The content goes to a temporary file of the same folder first; without ``replace`` it is then linked to
    its name, which fails if the name exists (no moment where another file could be overwritten).
    """
    from judgekit.errors import FileAccessError

    if not replace and os.path.lexists(path):
        raise FileAccessError(f"il file {path} esiste già: scegli un altro nome o aggiungi --forza per "
                              "sostituirlo")
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise FileAccessError(f"impossibile scrivere {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if replace:
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise FileAccessError(f"il file {path} esiste già: scegli un altro nome o aggiungi --forza per "
                                      "sostituirlo") from None
            except OSError:  # a file system without hard links: the check above is all there is
                if os.path.lexists(path):
                    raise FileAccessError(f"il file {path} esiste già") from None
                os.replace(tmp, path)
    except OSError as exc:
        raise FileAccessError(f"impossibile scrivere {path}: {exc.strerror or exc}") from None
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


@command("nuovo", "new")
def nuovo_command(
    file: Annotated[str | None, typer.Argument(
        help="Il file da creare; senza, o con «-», lo scenario va sullo standard output.", show_default=False,
        metavar="FILE")] = None,
    from_id: Annotated[str | None, typer.Option(
        "--da", "--from", metavar="ID", show_default=False, autocompletion=completion.scenario_ids,
        help="Parti da una copia di uno scenario fornito (vedi judgekit scenarios) invece che dal modello.")] = None,
    force: Annotated[bool, typer.Option("--forza", "--force", help="Sostituisci il file se esiste già.")] = False,
) -> None:
    """Scrive uno scenario da cui partire: un modello commentato, oppure la copia di uno scenario fornito."""
    from judgekit.errors import NotFoundError
    from judgekit.fileio import read_bytes
    from judgekit.scenario.shipped import find_shipped, suggest
    from judgekit.textstyle import safe
    from judgekit.yamlio import MAX_BYTES

    if from_id is not None:
        found = find_shipped(from_id)
        if found is None:
            raise NotFoundError(f"nessuno scenario con id «{safe(from_id)}» (elenco: judgekit scenarios)",
                                suggest(from_id))
        data = read_bytes(found.path, MAX_BYTES)
    else:
        data = template()
    if file is None or file == "-":
        sys.stdout.write(data.decode("utf-8", "replace"))
        return
    path = Path(file)
    write_new(path, data, replace=force)
    sys.stdout.write(f"Scritto {safe(file)}. Poi: judgekit check {safe(file)} e judgekit ruling {safe(file)}\n")
