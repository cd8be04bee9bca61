"""The search as the command line uses it: load the index from the cache, run a query, suggest terms."""

from __future__ import annotations

from typing import Any

from judgekit import italian
from judgekit.errors import NotFoundError
from judgekit.search.rank import DOC_ALIASES, Hit, Query, search

DOC_CHOICES = ("cr", "ipg", "jar", "mtr", "manuale", "glossario")


def load_index() -> dict[str, Any]:
    """The compiled search index (the cache's ``search`` part, unpickled; no YAML, no pydantic)."""
    from judgekit import cache

    index: dict[str, Any] = cache.corpus().part("search")
    return index


def parse_docs(value: str | None) -> set[str] | None:
    """The documents selected by ``--doc`` (comma-separated names or Italian/English aliases)."""
    if not value:
        return None
    out: set[str] = set()
    for name in value.split(","):
        name = italian.fold(name.strip())
        if not name:
            continue
        if name not in DOC_ALIASES:
            raise ValueError(name)
        out.add(DOC_ALIASES[name])
    return out or None


#: "Forse cercavi" budget: the part of the query compared and how many glossary names are scored.
SUGGEST_MAX_LEN = 200
SUGGEST_MAX_CANDIDATES = 20_000


def suggestions(index: dict[str, Any], text: str, limit: int = 3) -> list[str]:
    """Glossary terms close to ``text`` (rapidfuzz WRatio), offered when nothing is found."""
    pairs: list[tuple[str, str]] = index.get("suggest") or []
    if not pairs or not text.strip():
        return []
    from rapidfuzz import fuzz, process, utils

    names = [name for name, _ in pairs][:SUGGEST_MAX_CANDIDATES]
    found = process.extract(italian.fold(text[:SUGGEST_MAX_LEN]), names, scorer=fuzz.WRatio,
                            processor=utils.default_process, score_cutoff=70, limit=12)
    out: list[str] = []
    for _name, _score, pos in sorted(found, key=lambda f: (-f[1], f[2])):
        term = pairs[pos][1]
        if term not in out:
            out.append(term)
        if len(out) == limit:
            break
    return out


def run(text: str, *, docs: set[str] | None = None, limit: int = 10,
        explain: bool = False, index: dict[str, Any] | None = None) -> tuple[dict[str, Any], Query, list[Hit]]:
    """Search ``text``; raises NotFoundError (exit 1) for an empty query or when nothing matches."""
    if not text.strip():
        raise NotFoundError("ricerca vuota: scrivi almeno una parola, un numero di regola o un alias")
    if index is None:
        index = load_index()
    query, hits, _total = search(index, text, docs=docs, limit=limit, explain=explain, find_cards=card_finder())
    if query.empty:
        raise NotFoundError(f"la ricerca «{text}» contiene solo parole troppo comuni: aggiungi una parola chiave")
    return index, query, hits


def card_finder() -> Any:
    """Look names up in the imported card database (``judgekit import-cards``), or ``None`` without one."""
    from judgekit import paths

    if not paths.cards_db().is_file():
        return None
    from judgekit.carddb.store import imported_by_keys

    return imported_by_keys


def not_found(index: dict[str, Any], text: str, docs: set[str] | None) -> NotFoundError:
    where = f" in {', '.join(sorted(docs))}" if docs else ""
    return NotFoundError(f"nessun risultato per «{text}»{where}", suggestions(index, text))
