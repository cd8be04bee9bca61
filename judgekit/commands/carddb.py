"""CLI commands ``card`` (alias ``carta``) and ``import-cards`` (alias ``importa-carte``): every card, imported
from MTGJSON or Scryfall, together with the card library. Heavy modules are imported inside the command bodies."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from judgekit import completion
from judgekit.cli import command


@command("card", "carta")
def card_command(
    name: Annotated[list[str], typer.Argument(
        metavar="NOME...", show_default=False, autocompletion=completion.all_card_names,
        help="Il nome inglese o italiano della carta, o di una sua faccia (anche senza virgolette; maiuscole, "
             "accenti e punteggiatura non contano).")],
    as_json: Annotated[bool, typer.Option("--json", help="Stampa un solo documento JSON con la carta.")] = False,
) -> None:
    """Mostra una carta: testo Oracle, costo, tipo, forza/costituzione, facce, nome e testo italiani, ruling, formati.

    Cerca tra le carte importate (judgekit import-cards) e nella libreria delle carte degli scenari.
    """
    from judgekit import carddb

    found = carddb.resolve(" ".join(name).strip())
    if as_json:
        import json

        if found.read_as:
            from judgekit.textstyle import safe

            sys.stderr.write(safe(f"avviso: nessuna carta si chiama «{found.asked}»: letto «{found.read_as}»") + "\n")
        sys.stdout.write(json.dumps({"card": carddb.to_json(found.card)}, ensure_ascii=False) + "\n")
        return
    from judgekit.carddb.render import render
    from judgekit.carddb.store import read_sources
    from judgekit.textstyle import write

    imported = any(s in str(found.card.get("source") or "") for s in ("mtgjson", "scryfall"))
    write(render(found.card, sources=read_sources() if imported else {}, read_as=found.read_as, asked=found.asked))


IMPORT_EPILOG = (
    "Si scaricano da MTGJSON (AtomicCards.json) o dai dati in blocco di Scryfall (Oracle Cards). Le carte sono "
    "salvate in cards.sqlite3 nella cartella dei dati (JUDGEKIT_DATA_DIR, di solito ~/.local/share/judgekit). "
    "Un secondo file si unisce al primo: per ogni carta vincono i dati di MTGJSON, Scryfall completa quelli che "
    "mancano; un file dello stesso formato sostituisce il precedente. Un file rifiutato lascia tutto com'era."
)


@command("import-cards", "importa-carte", epilog=IMPORT_EPILOG)
def import_cards(
    file: Annotated[Path, typer.Argument(metavar="FILE", show_default=False, readable=False,
                                         help="AtomicCards.json di MTGJSON o il file Oracle Cards di Scryfall.")],
    as_json: Annotated[bool, typer.Option("--json", help="Stampa un solo documento JSON con i conteggi.")] = False,
) -> None:
    """Importa le carte da MTGJSON o Scryfall: testo Oracle, nomi e testi italiani, ruling, formati."""
    from judgekit.carddb.store import import_file, summary

    result = import_file(file)
    if as_json:
        import json

        sys.stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        return
    from judgekit.textstyle import write

    write(summary(result) + "\n")
