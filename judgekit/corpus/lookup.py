"""Rule lookup on the compiled cache: resolve what a user asked for (ids, ranges) into rules.

This is the fast path of ``judgekit rule``: it only unpickles the cache's ``rules`` part. It never
parses YAML nor imports pydantic; rapidfuzz is imported only to suggest ids after a miss.
"""

from __future__ import annotations

from typing import Any

from judgekit.corpus import ids
from judgekit.errors import NotFoundError

RulesPart = dict[str, Any]


def rules_part() -> RulesPart:
    """The compiled rules part (compiling the corpus first when the cache is stale)."""
    from judgekit import cache

    try:
        part: RulesPart = cache.corpus()["rules"]
    except Exception as exc:  # another part of the corpus may be broken: the rules can still be shown
        return _rules_only(exc)
    return part


def _rules_only(original: Exception) -> RulesPart:
    """Compile the rules part alone when the whole cache cannot be built; re-raise if the rules are the problem."""
    import sys

    from judgekit import paths
    from judgekit.compilecontext import CompileContext
    from judgekit.corpus.compile import compile_rules
    from judgekit.errors import JudgekitError

    part: RulesPart = compile_rules(CompileContext(paths.rules_dir(), paths.user_data_dir()))
    detail = original.render() if isinstance(original, JudgekitError) else f"{type(original).__name__}: {original}"
    sys.stderr.write("attenzione: la cache completa non si può costruire, regole compilate senza cache "
                     f"({detail.splitlines()[0] if detail else ''})\n")
    return part


def get_rule(rule_id: str, part: RulesPart | None = None) -> dict[str, Any] | None:
    """One compiled rule by id (``510.1c``, ``510.1c.`` or ``510.1C``), or None."""
    part = part if part is not None else rules_part()
    rule: dict[str, Any] | None = part["rules"].get(ids.normalize(rule_id))
    return rule


def title_of(ref: str, part: RulesPart) -> str | None:
    """What to show next to a cross-reference: the rule's title or the section's title."""
    rule = part["rules"].get(ref)
    if rule is not None:
        return str(rule["title"])
    title = part["sections"].get(ref)
    return str(title) if title else None


def _covered(part: RulesPart) -> str:
    complete = part.get("complete_sections") or []
    if not complete:
        return "nessuna sezione"
    spans: list[list[int]] = []
    for sec in sorted(int(s) for s in complete):
        if spans and sec == spans[-1][1] + 1:
            spans[-1][1] = sec
        else:
            spans.append([sec, sec])
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in spans)


#: "Forse cercavi" budget: the longest id compared and how many ids are scored.
SUGGEST_MAX_LEN = 16
SUGGEST_MAX_CANDIDATES = 20_000


def suggestions(wanted: str, part: RulesPart, limit: int = 5) -> list[str]:
    """The existing ids nearest to ``wanted`` (same section first)."""
    from rapidfuzz import fuzz, process

    order: list[str] = part["order"]
    wanted = wanted[:SUGGEST_MAX_LEN]
    section = wanted[:3]
    pool = ([rid for rid in order if rid.startswith(section)] or order)[:SUGGEST_MAX_CANDIDATES]
    found = process.extract(wanted, pool, scorer=fuzz.ratio, limit=limit)
    return [match[0] for match in found]


def _not_found(query: ids.Query, part: RulesPart) -> NotFoundError:
    wanted = query.start if query.kind != "range" else f"{query.start}-{query.end}"
    section = query.start[:3]
    title = part["sections"].get(section)
    covered = _covered(part)
    complete = section in (part.get("complete_sections") or [])
    hint = "" if complete or part.get("import") else (
        " Per le regole senza testo italiano importa il regolamento ufficiale inglese con "
        "«judgekit import-cr FILE»."
    )
    if title is None and part["sections"] and not any(rid.startswith(section) for rid in part["order"]):
        message = f"la regola {wanted} non esiste: il regolamento non ha una sezione {section}"
    elif not complete and not any(rid.startswith(section) for rid in part["order"]):
        where = f" (sezione {section}{f' «{title}»' if title else ''})"
        message = (f"la regola {wanted} non è nel corpus{where}: i testi italiani coprono le sezioni "
                   f"{covered}.{hint}")
    else:
        message = f"la regola {wanted} non esiste nel corpus.{hint}".replace("corpus..", "corpus.")
    return NotFoundError(message, suggestions(query.start, part))


def resolve(queries: list[str], part: RulesPart) -> list[tuple[ids.Query, list[str]]]:
    """Each query with the ids it selects, in CR order; NotFoundError (exit 1) for unknown or malformed ids."""
    out: list[tuple[ids.Query, list[str]]] = []
    for text in queries:
        try:
            query = ids.parse_query(text)
        except ids.IdError as exc:
            raise NotFoundError(str(exc)) from None
        selected = ids.select(query, part["order"], part["rules"])
        if not selected:
            is_section = query.kind != "range" and "." not in query.start
            if not (is_section and query.start in (part.get("complete_sections") or [])):
                raise _not_found(query, part)
        out.append((query, selected))
    return out


def flatten(groups: list[tuple[ids.Query, list[str]]]) -> list[str]:
    """Every selected id once, in the order asked."""
    seen: dict[str, None] = {}
    for _query, selected in groups:
        for rid in selected:
            seen.setdefault(rid, None)
    return list(seen)
