"""CLI command ``formato`` (alias ``format``): the scenario format reference, in Italian, one page per part.

The pages are markdown files shipped inside the package (``judgekit/pages/formato/<part>.md``): the first line
is the title, the first paragraph the one-line description shown in the list of parts. Every ``yaml`` block of a
page is a complete scenario that the loader accepts (tests/test_cli_formato.py). The list of keywords of the
``abilita`` page is made from the rules core's vocabulary and the glossary, so it never falls behind them.
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from dataclasses import dataclass
from typing import Annotated

import typer

from judgekit import completion
from judgekit.cli import command

PARTS = ("oggetti", "abilita", "effetti", "sostituzione", "azioni", "scelte", "aspettative", "turni", "grimorio",
         "eventi", "parole-chiave", "costi", "verbi", "restrizioni", "giocatori")
KEYWORDS_MARK = "<!-- parole-chiave -->"


@dataclass(frozen=True)
class Page:
    part: str
    title: str
    summary: str
    text: str

    def examples(self) -> list[str]:
        """Every fenced ``yaml`` block of the page."""
        return [m.group(1) for m in re.finditer(r"^```yaml\n(.*?)^```", self.text, re.S | re.M)]


def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


def page(part: str) -> Page:
    """The page of ``part`` (one of :data:`PARTS`), its generated lists filled in."""
    from judgekit import paths
    from judgekit.fileio import read_bytes

    text = read_bytes(paths.pages_dir() / "formato" / f"{part}.md", 1_000_000).decode("utf-8")
    if KEYWORDS_MARK in text:
        text = text.replace(KEYWORDS_MARK, keyword_list())
    lines = text.split("\n")
    title = lines[0].lstrip("#").strip()
    summary_lines: list[str] = []
    for line in lines[1:]:
        if line.strip():
            summary_lines.append(line.strip())
        elif summary_lines:
            break
    return Page(part, title, " ".join(summary_lines), text)


def keyword_list() -> str:
    """The keywords a scenario may give (canonical English, with the glossary's Italian name), as a list."""
    from judgekit.engine import vocab
    from judgekit.scenario.terms import italian_name

    items = []
    for keyword in vocab.Keyword:
        it = italian_name(keyword.value)
        items.append(f"`{keyword.value}`" + (f" ({it.lower()})" if it else ""))
    return ("Le abilità chiave che judgekit conosce (nome da scrivere, tra parentesi il nome italiano che "
            "vale lo stesso): " + ", ".join(items) + "; inoltre `protection_from_<qualità>` (un colore, "
            "`creatures` o `everything`; in italiano `protezione dal rosso`), `can_block_additional_<n>` e le parole "
            "chiave con un numero: " + ", ".join(f"`{k}_<n>`" for k in vocab.PARAM_KEYWORDS[::-1]) + ".")


def find_part(name: str) -> str | None:
    wanted = _fold(name)
    return wanted if wanted in PARTS else None


# -- rendering -----------------------------------------------------------------------------------------


def _inline(text: str) -> str:
    from judgekit.textstyle import color_enabled, style

    # Wrapping comes first, so a bold phrase may span a line break.
    text = re.sub(r"\*\*(.+?)\*\*", lambda m: style(m.group(1), "bold"), text, flags=re.S)
    if color_enabled():
        text = re.sub(r"`([^`]+)`", lambda m: style(m.group(1), "cyan"), text)
    return text


def render(text: str) -> str:
    """A page for the terminal: headings in bold, paragraphs and list items wrapped, code as it is, indented."""
    from judgekit.textstyle import style, wrap

    out: list[str] = []
    para: list[str] = []
    item: list[str] = []
    code: list[str] | None = None

    def flush() -> None:
        if para:
            out.append(_inline(wrap(" ".join(para))))
            para.clear()
        if item:
            indent = " " * (len(item[0]) - len(item[0].lstrip()) + 2)
            first = item[0][:len(indent) - 2] + "- "
            body = " ".join(s.strip() for s in item)[2:]
            out.append(_inline(wrap(body, indent=indent, first=first)))
            item.clear()

    table_head = True
    for line in text.split("\n"):
        if not line.strip().startswith("|"):
            table_head = True
        if code is not None:
            if line.startswith("```"):
                out.extend("    " + c if c else "" for c in code)
                code = None
            else:
                code.append(line)
            continue
        stripped = line.strip()
        if line.startswith("```"):
            flush()
            code = []
        elif stripped.startswith("<!--"):
            continue
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            if out and out[-1] != "":
                out.append("")
            heading = line.lstrip("#").strip()
            out.append(style(heading.upper() if level == 1 else heading, "bold"))
        elif not stripped:
            flush()
            if out and out[-1] != "":
                out.append("")
        elif stripped.startswith("|"):
            flush()
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if all(set(c) <= set("-: ") for c in cells):
                continue  # the line under the heading row
            row = "  ·  ".join(cells)
            if table_head:
                out.append(style(row, "dim"))
                table_head = False
            else:
                out.append(_inline(wrap(row, indent="      ", first="    ")))
            continue
        elif re.match(r"\s*[-*] ", line):
            flush()
            item.append(line.replace("* ", "- ", 1) if line.lstrip().startswith("* ") else line)
        elif item:
            item.append(line)
        else:
            para.append(stripped)
    flush()
    if code is not None:
        out.extend("    " + c for c in code)
    return "\n".join(out).rstrip("\n") + "\n"


@command("formato", "format")
def formato_command(
    part: Annotated[str | None, typer.Argument(
        help="La parte da leggere: oggetti, abilita, effetti, sostituzione, azioni, scelte, aspettative. Senza: "
             "l'elenco.",
        show_default=False, metavar="PARTE", autocompletion=completion.formato_parts)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Stampa un solo documento JSON.")] = False,
) -> None:
    """Il formato dei file di scenario spiegato in italiano, una pagina per parte, con esempi completi."""
    from judgekit.errors import NotFoundError
    from judgekit.textstyle import safe, style, wrap, write

    if part is None:
        pages = [page(p) for p in PARTS]
        if as_json:
            doc = {"parts": [{"part": p.part, "title": p.title, "summary": p.summary} for p in pages]}
            sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")
            return
        width = max(len(p) for p in PARTS)
        out = [style("Il formato degli scenari, parte per parte", "bold"), ""]
        for p in pages:
            lead = "  " + p.part.ljust(width) + "  "
            text = wrap(f"{p.title}. {p.summary}", indent=" " * len(lead), first=lead)
            out.append(_inline(text.replace(p.part, style(p.part, "green"), 1)))
        out += ["", "Leggi una parte con: judgekit formato PARTE (per esempio: judgekit formato oggetti)."]
        write("\n".join(out) + "\n")
        return
    found = find_part(part)
    if found is None:
        from rapidfuzz import process

        near = [n for n, _s, _i in process.extract(_fold(part), PARTS, limit=2, score_cutoff=50)]
        raise NotFoundError(f"parte del formato sconosciuta «{safe(part)}»: le parti sono {', '.join(PARTS)}", near)
    shown = page(found)
    if as_json:
        doc2 = {"part": shown.part, "title": shown.title, "summary": shown.summary, "text": shown.text,
                "examples": shown.examples()}
        sys.stdout.write(json.dumps(doc2, ensure_ascii=False) + "\n")
        return
    write(render(shown.text))
