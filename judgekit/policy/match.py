"""Find the IPG infraction a query means: a number, an alias, a name or a free Italian description.

Deterministic and explainable. An exact key (``2.5``, ``grv``, ``usc-minor``, ``Game Rule Violation``,
``innescata dimenticata``, a JAR case id) selects its entry directly. Otherwise the description is folded,
stripped of stop words and stemmed (:mod:`judgekit.italian`), and every infraction is scored by the
stems and stem bigrams it shares with the query, each weighted by the field it comes from in the data
(names and aliases, keywords, phrases, definitions, the linked JAR cases) and by how rare it is across
infractions. Irregular forms and synonyms come from the lexicon (``rules_it/policy/lessico.yaml``); a
query word and its synonyms count once, with the best of their weights. Unknown words are matched to the
nearest data word (rapidfuzz) to absorb typos. The words that decided the match are returned with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judgekit import italian
from judgekit.errors import NotFoundError

BIGRAM_FACTOR = 1.5
FUZZY_CUTOFF = 84.0
FUZZY_FACTOR = 0.8
SYNONYM_FACTOR = 0.9
MIN_SCORE = 1.5

_DOC_PREFIXES = ("ipg", "jar")


@dataclass
class Match:
    """One candidate infraction for a query."""

    iid: str
    score: float
    exact: bool = False
    jar: str | None = None
    terms: list[str] = field(default_factory=list)


# Typo correction is bounded: at most this many unknown words of a query, each at most this long.
MAX_FUZZY_WORDS = 8
MAX_FUZZY_LENGTH = 30


def _query_stems(query: str, index: dict[str, Any]) -> tuple[list[str], dict[str, str]]:
    """Stems of the query and, for each, the data stem it was matched to when it was a typo."""
    idf: dict[str, float] = index["idf"]
    table: dict[str, str] = index["table"]
    stems = italian.stems(query, table, index.get("forms"))
    fixed: dict[str, str] = {}
    synonyms = index.get("synonyms") or {}
    unknown = [s for s in stems if s not in idf and s not in synonyms and 4 <= len(s) <= MAX_FUZZY_LENGTH
               and not s[:1].isdigit()]
    if unknown:
        from rapidfuzz import fuzz, process

        for stem in unknown[:MAX_FUZZY_WORDS]:
            best = process.extractOne(stem, index["vocab"], scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
            if best:
                fixed[stem] = best[0]
    return stems, fixed


def _exact(policy: dict[str, Any], query: str) -> list[Match]:
    k = italian.key(query)
    targets = policy["lookup"].get(k)
    if not targets:
        words = k.split()
        if len(words) > 1 and words[0] in _DOC_PREFIXES:
            targets = policy["lookup"].get(" ".join(words[1:]))
    if not targets:
        return []
    matches: list[Match] = []
    for target in targets:
        doc, ident = target.split(":", 1)
        if doc == "ipg":
            matches.append(Match(ident, float("inf"), exact=True))
        else:
            case = policy["jar"][ident]
            refs = case.get("ipg") or []
            if not refs:
                matches.append(Match("", float("inf"), exact=True, jar=ident))
            for ref in refs:
                matches.append(Match(ref, float("inf"), exact=True, jar=ident))
    return matches


def rank(policy: dict[str, Any], query: str, limit: int = 3) -> list[Match]:
    """The best infractions for ``query``, best first (at most ``limit``); [] when nothing is close enough."""
    exact = _exact(policy, query)
    if exact:
        return exact[:limit] if limit else exact
    index = policy["index"]
    idf: dict[str, float] = index["idf"]
    surface: dict[str, str] = index["surface"]
    stems, fixed = _query_stems(query, index)
    resolved = [fixed.get(s, s) for s in stems]
    synonyms: dict[str, list[str]] = index.get("synonyms") or {}
    # Each query word with its alternatives: itself (or the data word it was a typo of) and its synonyms.
    groups: dict[str, list[tuple[str, float]]] = {}
    for raw, stem in zip(stems, resolved, strict=True):
        factor = FUZZY_FACTOR if raw in fixed else 1.0
        groups.setdefault(stem, [(stem, factor)] + [(o, factor * SYNONYM_FACTOR) for o in synonyms.get(stem, [])])
    bigrams = {f"{a} {b}" for a, b in zip(resolved, resolved[1:], strict=False)}
    scored: list[Match] = []
    for iid, weights in index["terms"].items():
        score = 0.0
        contributions: list[tuple[float, str]] = []
        for alternatives in groups.values():
            best, word = 0.0, ""
            for term, factor in alternatives:
                weight = weights.get(term)
                if weight:
                    gain = weight * idf.get(term, 0.0) * factor
                    if gain > best:
                        best, word = gain, surface.get(term, term)
            if best:
                score += best
                contributions.append((best, word))
        for bigram in bigrams:
            weight = weights.get(bigram)
            if weight:
                gain = weight * idf.get(bigram, 0.0) * BIGRAM_FACTOR
                score += gain
                a, b = bigram.split(" ")
                contributions.append((gain, f"{surface.get(a, a)} {surface.get(b, b)}"))
        if score >= MIN_SCORE:
            contributions.sort(key=lambda c: -c[0])
            terms: list[str] = []
            for _gain, word in contributions:
                if word not in terms:
                    terms.append(word)
            scored.append(Match(iid, round(score, 3), terms=terms[:6]))
    order = {iid: n for n, iid in enumerate(policy["order"])}
    scored.sort(key=lambda m: (-m.score, order.get(m.iid, 0)))
    return scored[:limit] if limit else scored


def suggestions(policy: dict[str, Any], query: str, limit: int = 5) -> list[str]:
    """Names and aliases close to ``query``, for the «forse cercavi» hint."""
    from rapidfuzz import fuzz, process

    labels: dict[str, str] = {}
    for iid, entry in policy["infractions"].items():
        display = f"{iid} {entry['name_it']}"
        for text in [entry["name_it"], entry["name_en"], *entry["aliases"]]:
            labels.setdefault(italian.fold(text), display)
    found = process.extract(italian.fold(query), list(labels), scorer=fuzz.ratio, limit=limit * 3, score_cutoff=60)
    out: list[str] = []
    for text, _score, _n in found:
        label = labels[text]
        if label not in out:
            out.append(label)
    return out[:limit]


def find(policy: dict[str, Any], query: str, limit: int = 3) -> list[Match]:
    """Like :func:`rank`, but an unknown query is a :class:`NotFoundError` with suggestions (exit 1)."""
    if not policy.get("infractions"):
        raise NotFoundError("i dati della policy da torneo non sono disponibili (rules_it/policy è vuota)")
    matches = rank(policy, query, limit)
    if not matches:
        section = (policy.get("section_lookup") or {}).get(italian.key(query))
        if section:
            doc, sid = section.split(":", 1)
            entry = (policy["sections"] if doc == "ipg" else policy["mtr"]).get(sid, {})
            raise NotFoundError(
                f"«{query.strip()}» è la sezione {doc.upper()} {sid} «{entry.get('name_it', '')}», non "
                f"un'infrazione: per leggerla usa «judgekit search {query.strip()}»")
        raise NotFoundError(
            f"nessuna infrazione corrisponde a «{query.strip()}»: prova con il numero IPG (2.5), un alias (grv, "
            "usc-minor) o una descrizione più concreta di cosa è successo",
            suggestions(policy, query),
        )
    return matches
