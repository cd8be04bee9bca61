"""Output of ``judgekit search``: snippets with the matched words highlighted, text and JSON.

Highlighting uses :mod:`judgekit.textstyle` (bold and colour only on a terminal), never rich.
"""

from __future__ import annotations

from typing import Any

from judgekit import italian, textstyle
from judgekit.search.rank import Hit, Query, vocab_table
from judgekit.search.schema import FLAG_OUTDATED, FLAG_SINTESI, FLAG_SUPERSEDED, Table

SNIPPET_WIDTH = 220


def _marks(text: str, stems: set[str], vocab: Table) -> list[tuple[int, int, str]]:
    out = []
    for token, start, end in italian.iter_tokens(text):
        if token in italian.STOPWORDS:
            continue
        stem = italian.stem(token, vocab)
        if stem in stems:
            out.append((start, end, stem))
    return out


def snippet(text: str, stems: set[str], vocab: Table,
            width: int = SNIPPET_WIDTH) -> tuple[str, list[tuple[int, int]]]:
    """The window of ``text`` with the most distinct matched stems, and the spans to highlight in it."""
    text = text.strip()
    if not text:
        return "", []
    marks = _marks(text, stems, vocab)
    start = 0
    if marks and len(text) > width:
        # Two pointers over the marks: the window anchored 40 characters before mark i holds marks i..j-1.
        best: tuple[int, int, int] = (-1, 0, 0)
        counts: dict[str, int] = {}
        j = 0
        for i, (anchor, _end, _stem) in enumerate(marks):
            lo = max(0, anchor - 40)
            while j < len(marks) and marks[j][1] <= lo + width:
                counts[marks[j][2]] = counts.get(marks[j][2], 0) + 1
                j += 1
            value = (len(counts), j - i, -lo)
            if value > best:
                best = value
            stem = marks[i][2]
            counts[stem] -= 1
            if not counts[stem]:
                del counts[stem]
        start = -best[2]
    end = min(len(text), start + width)
    if start > 0:
        space = text.find(" ", start, start + 30)
        start = space + 1 if space != -1 else start
    if end < len(text):
        space = text.rfind(" ", max(start, end - 30), end)
        end = space if space != -1 else end
    piece = text[start:end].replace("\n", " ").replace("\t", " ")
    spans = [(s - start, e - start) for s, e, _ in marks if s >= start and e <= end]
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    shift = len(prefix)
    return prefix + piece + suffix, [(s + shift, e + shift) for s, e in spans]


def highlight(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with ``spans`` in bold yellow (only on a terminal)."""
    if not spans or not textstyle.color_enabled():
        return text
    out, last = [], 0
    for start, end in spans:
        out.append(text[last:start])
        out.append(textstyle.style(text[start:end], "bold", "yellow"))
        last = end
    out.append(text[last:])
    return "".join(out)


def hit_snippet(index: dict[str, Any], hit: Hit) -> tuple[str, list[tuple[int, int]]]:
    """The snippet of a hit: from its current text, or from its history when only that matched."""
    vocab = vocab_table(index)
    text = index["texts"][hit.index]
    if hit.doc == "manuale":  # the textbook's markdown marks are not shown
        from judgekit.corpus.manual import plain

        text = plain(text)
    piece, spans = snippet(text, hit.stems, vocab)
    if not spans and hit.stems:
        history = index["histories"][hit.index]
        if history:
            old, old_spans = snippet(history, hit.stems, vocab)
            if old_spans:
                label = "[testo precedente] "
                return label + old, [(s + len(label), e + len(label)) for s, e in old_spans]
    return piece, spans


def to_json(index: dict[str, Any], query_text: str, hits: list[Hit], error: dict[str, Any] | None = None) -> str:
    """The ``--json`` document: {"query", "hits": [{"doc", "id", "title", "score", "snippet"}]}.

    With no hits, ``error`` ({"code", "message"}) is in the document too, with ``"ok": false``.
    """
    import json

    payload: dict[str, Any] = {
        "query": query_text,
        "hits": [
            {"doc": h.doc, "id": h.id, "title": h.title, "score": round(h.score, 3),
             "snippet": hit_snippet(index, h)[0]}
            for h in hits
        ],
    }
    if error is not None:
        payload["ok"] = False
        payload["error"] = error
    return json.dumps(payload, ensure_ascii=False)


def _labels(index: dict[str, Any], hit: Hit) -> str:
    flags = index["flags"][hit.index]
    labels = []
    if flags & FLAG_SINTESI:
        labels.append("sintesi")
    if flags & FLAG_SUPERSEDED:
        labels.append("superata")
    if flags & FLAG_OUTDATED:
        labels.append("in parte superata")
    return f" [{', '.join(labels)}]" if labels else ""


def to_text(index: dict[str, Any], query: Query, hits: list[Hit], *, why: bool = False) -> str:
    """Ranked hits for the terminal: citation, title, snippet (and the explanation with ``--why``)."""
    lines: list[str] = []
    width = len(str(len(hits)))
    for rank, hit in enumerate(hits, 1):
        head = textstyle.style(hit.citation, "bold", "cyan")
        title = hit.title
        if title and italian.fold(title) not in italian.fold(hit.citation):
            head += f"  {title}"
        head += textstyle.style(_labels(index, hit), "dim")
        lines.append(f"{rank:>{width}}. {head}")
        indent = " " * (width + 2)
        if hit.doc == "manuale" and hit.id:  # the command that opens the section
            lines.append(indent + textstyle.style(f"→ judgekit manual {hit.id}", "green"))
        piece, spans = hit_snippet(index, hit)
        if piece:
            lines.append(indent + highlight(piece, spans))
        if why:
            for reason in hit.reasons:
                lines.append(indent + textstyle.style("· " + reason, "dim"))
    if why:
        notes = []
        for shown, term in query.expansions:
            notes.append(f"glossario: «{shown}» → «{term}»")
        for word, candidates in query.corrections:
            alts = ", ".join(f"«{c}» {s:.0f}%" for c, s in candidates)
            notes.append(f"refuso: «{word}» → {alts}")
        for doc, ref in query.refs:
            notes.append(f"riferimento: {(doc or 'policy').upper()} {ref}")
        for name in query.cards:
            notes.append(f"carta: «{name}» (il nome non conta come parola; i suoi concetti di regole sì, con peso "
                         "basso)")
        if notes:
            lines.append("")
            lines.extend(textstyle.style(n, "dim") for n in notes)
    return "\n".join(lines) + "\n"
