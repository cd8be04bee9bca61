"""CLI commands: rules (registered on import by :mod:`judgekit.cli`).

``rule`` (alias ``regola``) shows rules of the Comprehensive Rules by number or range; ``import-cr``
imports the official English text. Heavy modules are imported inside the command bodies.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from judgekit.cli import command


def show_rules(queries: list[str], *, as_json: bool = False, history: bool = False, english: bool = False) -> None:
    """Print the rules asked for (CR 100.2: numbers, subrules with letters that skip l and o)."""
    from judgekit.corpus import lookup, render_rule

    part = lookup.rules_part()
    groups = lookup.resolve(queries, part)
    if as_json:
        import json

        doc = render_rule.to_json(part, lookup.flatten(groups))
        sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")
        return
    from judgekit.textstyle import write

    write(render_rule.render_text(part, groups, history=history, english=english))
    if english and not part.get("import"):
        from judgekit.textstyle import fit

        sys.stderr.write(fit(render_rule.IMPORT_HINT) + "\n")


@command("rule", "regola")
def rule(
    rule_ids: Annotated[
        list[str],
        typer.Argument(metavar="REGOLA...", show_default=False,
                       help="Numeri di regola: 510 (sezione), 510.1 (con le sottoregole), 510.1. (solo "
                            "quella), intervalli come 500-514, 704.5a-k, 510.1a-c."),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Stampa un documento JSON con tutte le regole.")] = False,
    history: Annotated[bool, typer.Option("--storia", "--history",
                                          help="Mostra ogni versione del testo con la data e cosa è cambiato.")
                       ] = False,
    english: Annotated[bool, typer.Option("--en", help="Mostra accanto il testo inglese importato (import-cr).")
                       ] = False,
) -> None:
    """Mostra le regole del Regolamento Completo per numero o intervallo, in italiano.

    Esempi: 510.1c, 510.1 (con le sottoregole), 510.1. (solo quella), 510, 500-514, 510.1a-c.
    """
    show_rules(list(rule_ids), as_json=as_json, history=history, english=english)


def run_import(file: Path) -> None:
    """Import an official English Comprehensive Rules text file and print what was imported."""
    from judgekit.corpus.importer import import_file, summary

    result = import_file(file)
    sys.stdout.write(summary(result) + "\n")


IMPORT_EPILOG = (
    "L'importazione è salvata in cr_en.yaml nella cartella dei dati (JUDGEKIT_DATA_DIR, di solito "
    "~/.local/share/judgekit) e sostituisce la precedente. Se il nuovo file ha meno della metà delle regole "
    "della precedente o non indica la data di entrata in vigore, la precedente è conservata in "
    "cr_en.backup-AAAAMMGGTHHMMSS.yaml nella stessa cartella e il comando lo dice. Per ripristinarla rinomina "
    "quella copia in cr_en.yaml (per esempio: mv cr_en.backup-...yaml cr_en.yaml)."
)


@command("import-cr", "importa-cr", epilog=IMPORT_EPILOG)
def import_cr(
    file: Annotated[Path, typer.Argument(metavar="FILE", show_default=False, readable=False,
                                         help="Il file di testo delle Comprehensive Rules ufficiali (inglese).")],
) -> None:
    """Importa le Comprehensive Rules ufficiali in inglese: testo inglese accanto all'italiano e regole mancanti."""
    run_import(file)
