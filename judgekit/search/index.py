"""Build the search index (the cache's ``search`` part) from the other compiled parts.

The index is plain picklable data, read at query time without YAML nor pydantic:

- ``entries``: parallel lists describing every searchable entry (doc, id, title, citation, snippet text,
  history text, static factor, flags), in document order: CR (rules and sintesi in CR order, a section
  heading before its rules), IPG, JAR, MTR, textbook (``manuale``), glossary (``glossario``);
- ``terms`` (a sorted packed string table, see :mod:`judgekit.search.schema`) with ``offsets``/``post_entry``/
  ``post_weight``/``post_fields``: the inverted index. A term is a stem
  or a bigram of two adjacent content stems of the same field (``"dann combatt"``). For each posting the
  BM25F pseudo-frequency is precomputed (field weights and length normalisation are static), so a query
  only sums ``idf * tf * (k1 + 1) / (tf + k1)``; the field bitmask is kept to explain matches;
- ``vocab_words``/``vocab_stems``: every folded word of the corpus and its stem, packed (the query path
  stems without loading the stemmer);
- ``cards``: the folded names of library cards and the stems of their rules concepts
  (:mod:`judgekit.search.cards`); ``contexts``: the context stems of glossary senses;
- ``ids``, ``titles``, ``aliases``, ``phrases``, ``links``: the exact lookups behind the ranking tiers
  (rule numbers, policy aliases such as ``grv``, exact titles and terms, glossary names with the stems
  of their Italian term and whether the name is English).

See :mod:`judgekit.search.rank` for how these are used.
"""

from __future__ import annotations

import re
from array import array
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from judgekit import italian
from judgekit.compilecontext import CompileContext
from judgekit.search.schema import (
    DOCS,
    FIELD_LABELS,
    FLAG_GLOSSARY,
    FLAG_MANUAL,
    FLAG_OUTDATED,
    FLAG_SECTION,
    FLAG_SINTESI,
    FLAG_SUPERSEDED,
    pack,
)

INDEX_FORMAT = 5

# Field name -> (weight, length normalisation b). Titles and names weigh more than body text; the text
# of superseded versions (history) is indexed with a strong penalty so old wording still finds its rule.
FIELDS: dict[str, tuple[float, float]] = {
    "title": (3.0, 0.5),
    "alias": (3.0, 0.3),
    "en": (2.0, 0.5),
    "section": (1.0, 0.3),
    "lead": (0.7, 0.5),
    "text": (1.0, 0.75),
    "note": (0.5, 0.75),
    "questions": (2.0, 0.75),
    "text_en": (0.6, 0.75),
    "history": (0.15, 0.75),
}
FIELD_NAMES = tuple(FIELDS)

# Static multipliers of an entry's text score.
FACTOR_SUPERSEDED = 0.35
FACTOR_OUTDATED = 0.85
# Glossary entries are short (BM25 favours them) and are an aid to find the rules, not the authority.
FACTOR_GLOSSARY = 0.6
# The textbook explains the rules; the rule itself is the answer, so a textbook section ranks after a rule
# that matches the question about as well.
FACTOR_MANUAL = 0.6

__all__ = ["DOCS", "FIELDS", "FIELD_LABELS", "build_index", "compile_index", "entries_from_parts"]

K1 = 1.2


def _policy_citation(doc: str, entry_id: str, title: str) -> str:
    label = doc.upper()
    if re.match(r"^\d", entry_id) or not title:
        return f"{label} {entry_id}"
    return f"{label} {title}"


def _order_key(entry_id: str) -> tuple[Any, ...]:
    parts: list[Any] = []
    for piece in re.findall(r"\d+|[a-z]+", entry_id.lower()):
        parts.append((0, int(piece), "") if piece.isdigit() else (1, 0, piece))
    return tuple(parts)


_SENTENCE_END = re.compile(r"[.:;](?:\s|$)")


def lead(text: str) -> str:
    """The first sentence of a text, where a rule usually states its topic ("I tipi di carta sono: ...")."""
    text = (text or "").strip()
    match = _SENTENCE_END.search(text)
    return text[: match.start()] if match else text[:200]


def _own_title(rule: dict[str, Any]) -> str:
    """A rule's own title (sintesi, keyword rules), not a display title cut from the start of its text."""
    return (rule.get("title") or "").strip() if rule.get("own_title") else ""


def entries_from_parts(parts: dict[str, Any]) -> list[dict[str, Any]]:
    """The searchable entries of the compiled parts, in document order (see the module docstring)."""
    entries: list[dict[str, Any]] = []
    questions: dict[str, list[str]] = parts.get("questions") or {}

    def asked(ref: str) -> str:
        return italian.join_text(questions.get(ref))

    rules_part = parts.get("rules") or {}
    rules: dict[str, Any] = rules_part.get("rules") or {}
    sections: dict[str, str] = rules_part.get("sections") or {}
    order: list[str] = list(rules_part.get("order") or [])
    known = set(order)
    order += sorted((rid for rid in rules if rid not in known), key=_order_key)
    heads_done: set[str] = set()
    for rid in order:
        rule = rules.get(rid)
        if rule is None:
            continue
        sec = rid[:3]
        if sec in sections and sec not in heads_done and sec not in rules:
            heads_done.add(sec)
            entries.append({"doc": "cr", "id": sec, "title": sections[sec], "citation": f"CR {sec}",
                            "fields": {"title": sections[sec], "questions": asked(f"cr:{sec}")}, "text": "",
                            "flags": FLAG_SECTION})
        heads_done.add(sec)
        flags = 0
        if rule.get("status") == "superseded":
            flags |= FLAG_SUPERSEDED
        if rule.get("kind") == "sintesi":
            flags |= FLAG_SINTESI
        if rid == sec:
            flags |= FLAG_SECTION
        title = _own_title(rule)
        sec_title = sections.get(sec, "") or rule.get("section_title") or ""
        text = italian.join_text(rule.get("text"), rule.get("examples"))
        history = italian.join_text(*[italian.join_text(h.get("text"), h.get("examples"))
                                      for h in rule.get("history") or []])
        keyword = _keyword_of(rid, rules)
        entries.append({
            "doc": "cr", "id": rid, "title": title or sec_title, "citation": f"CR {rid}", "keyword": keyword,
            "fields": {"title": title or (sec_title if rid == sec else ""),
                       "section": sec_title if rid != sec else "", "lead": lead(rule.get("text") or ""),
                       "text": text, "note": rule.get("note") or "",
                       "text_en": "" if rule.get("language") == "en" else rule.get("text_en") or "",
                       "history": history, "questions": asked(f"cr:{rid}")},
            "text": text, "history": history, "flags": flags,
        })
    for sec in sorted(set(sections) - heads_done, key=_order_key):
        entries.append({"doc": "cr", "id": sec, "title": sections[sec], "citation": f"CR {sec}",
                        "fields": {"title": sections[sec], "questions": asked(f"cr:{sec}")}, "text": "",
                        "flags": FLAG_SECTION})

    policy = parts.get("policy") or {}
    docs = [d for d in policy.get("search_docs") or [] if d.get("doc") in ("ipg", "jar", "mtr")]
    for doc in ("ipg", "jar", "mtr"):
        for item in docs:
            if item["doc"] != doc:
                continue
            eid, title = str(item.get("id", "")), item.get("title") or ""
            aliases = [a for a in item.get("aliases") or [] if a]
            entries.append({
                "doc": doc, "id": eid, "title": title, "citation": _policy_citation(doc, eid, title),
                "fields": {"title": title, "alias": italian.join_text(aliases), "lead": lead(item.get("text") or ""),
                           "text": item.get("text") or "", "questions": asked(f"{doc}:{eid}")},
                "text": item.get("text") or "", "aliases": aliases, "flags": 0,
            })

    manual = sorted(parts.get("manual") or [], key=lambda s: (s.get("order", 0), s.get("slug", "")))
    for section in manual:
        flags = FLAG_MANUAL | (FLAG_OUTDATED if section.get("outdated") else 0)
        title = section.get("title") or section.get("slug", "")
        entries.append({
            "doc": "manuale", "id": section.get("slug", ""), "title": title, "citation": f"Manuale {title}",
            "fields": {"title": title, "section": italian.join_text(section.get("part"), section.get("chapter")),
                       "text": section.get("text") or "", "note": section.get("outdated") or ""},
            "text": section.get("text") or "", "flags": flags, "links": list(section.get("rules") or []),
        })

    for item in parts.get("glossary") or []:
        term = item.get("it") or ""
        english = item.get("en") or ""
        canonical = (item.get("canonical") or "").replace("_", " ")
        definition = item.get("definition") or ""
        title = f"{term} ({english})" if english and italian.fold(english) != italian.fold(term) else term
        entries.append({
            "doc": "glossario", "id": term, "title": title, "citation": f"Glossario {term}",
            "fields": {"title": term, "alias": italian.join_text(item.get("aliases_it")),
                       "en": italian.join_text(english, item.get("aliases_en"), canonical), "text": definition},
            "text": definition or title, "flags": FLAG_GLOSSARY, "links": list(item.get("rules") or []),
            "glossary": {"it": term, "aliases_it": list(item.get("aliases_it") or []), "en": english,
                         "aliases_en": list(item.get("aliases_en") or []), "canonical": canonical,
                         "category": item.get("category") or "", "context": list(item.get("context") or [])},
        })
    return entries


def _keyword_names(entries: list[dict[str, Any]], glossary: list[dict[str, Any]],
                   stem_of: Any) -> dict[int, list[str]]:
    """Entry -> the stems that name its keyword: the Italian title of the keyword's main rule and every
    Italian and English name of the glossary entries whose first rule is that main rule."""
    named: dict[str, set[str]] = {}
    for item in glossary:
        first = (item.get("rules") or [""])[0]
        if first.startswith(("701.", "702.")):
            names = [item.get("it"), item.get("en"), *(item.get("aliases_it") or []), *(item.get("aliases_en") or [])]
            for name in names:
                if isinstance(name, str):
                    named.setdefault(first, set()).update(
                        stem_of(t) for t in italian.content_tokens(name))
    out: dict[int, list[str]] = {}
    for n, entry in enumerate(entries):
        keyword = entry.get("keyword")
        if not keyword:
            continue
        rid = str(entry["id"])
        head, _dot, rest = rid.partition(".")
        main = f"{head}.{''.join(c for c in rest if c.isdigit())}"
        stems = {stem_of(t) for t in italian.content_tokens(keyword)} | named.get(main, set())
        if stems:
            out[n] = sorted(stems)
    return out


def _keyword_of(rid: str, rules: dict[str, Any]) -> str:
    """The keyword a rule of CR 702 (after 702.1) or of 701 (after 701.1) is about: the title of its main rule
    (``702.19b`` -> «Travolgere»), or ``""``."""
    head, _dot, rest = rid.partition(".")
    number = "".join(c for c in rest if c.isdigit())
    if head not in ("701", "702") or not number or number == "1":
        return ""
    main = rules.get(f"{head}.{number}") or {}
    return str(main.get("title") or "")


def _factor(flags: int) -> float:
    factor = 1.0
    if flags & FLAG_SUPERSEDED:
        factor *= FACTOR_SUPERSEDED
    if flags & FLAG_OUTDATED:
        factor *= FACTOR_OUTDATED
    if flags & FLAG_GLOSSARY:
        factor *= FACTOR_GLOSSARY
    if flags & FLAG_MANUAL:
        factor *= FACTOR_MANUAL
    return factor


def build_index(entries: Iterable[dict[str, Any]], cards: Iterable[dict[str, Any]] = (),
                glossary: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The index of ``entries`` (dicts as made by :func:`entries_from_parts`) and of the library's ``cards``
    (raw card data, see :mod:`judgekit.search.cards`; ``glossary`` is the glossary part)."""
    entries = list(entries)
    vocab: dict[str, str] = {}

    def stem_of(token: str) -> str:
        found = vocab.get(token)
        if found is None:
            found = vocab[token] = italian.stem(token)
        return found

    field_tf: list[dict[str, dict[str, int]]] = []
    field_len: list[dict[str, int]] = []
    len_sum: dict[str, float] = defaultdict(float)
    len_count: dict[str, int] = defaultdict(int)
    for entry in entries:
        per_field: dict[str, dict[str, int]] = {}
        lengths: dict[str, int] = {}
        for name, text in entry["fields"].items():
            if not text or name not in FIELDS:
                continue
            words = italian.tokens(text)
            for word in words:
                if word not in vocab:
                    stem_of(word)
            content = [stem_of(t) for t in words if t not in italian.STOPWORDS]
            if not content:
                continue
            counts: dict[str, int] = defaultdict(int)
            for s in content:
                counts[s] += 1
            for left, right in zip(content, content[1:], strict=False):
                if left != right:
                    counts[f"{left} {right}"] += 1
            per_field[name] = counts
            lengths[name] = len(content)
            len_sum[name] += len(content)
            len_count[name] += 1
        field_tf.append(per_field)
        field_len.append(lengths)
    avg_len = {name: (len_sum[name] / len_count[name]) if len_count[name] else 1.0 for name in FIELDS}

    postings: dict[str, list[tuple[int, float, int]]] = defaultdict(list)
    for index, per_field in enumerate(field_tf):
        combined: dict[str, list[float]] = {}
        for name, counts in per_field.items():
            weight, b = FIELDS[name]
            norm = 1.0 - b + b * field_len[index][name] / avg_len[name]
            bit = 1 << FIELD_NAMES.index(name)
            for term, tf in counts.items():
                slot = combined.get(term)
                if slot is None:
                    slot = combined[term] = [0.0, 0]
                slot[0] += weight * tf / norm
                slot[1] = int(slot[1]) | bit
        for term, (pseudo, mask) in combined.items():
            postings[term].append((index, pseudo, int(mask)))

    sorted_terms = sorted(postings)
    offsets = array("I", [0])
    post_entry = array("I")
    post_weight = array("f")
    post_fields = array("H")
    for term in sorted_terms:
        for index, pseudo, mask in postings[term]:
            post_entry.append(index)
            post_weight.append(pseudo)
            post_fields.append(mask)
        offsets.append(len(post_entry))

    ids: dict[str, int] = {}
    titles: dict[str, list[int]] = defaultdict(list)
    aliases: dict[str, list[int]] = defaultdict(list)
    phrases: dict[str, list[tuple[int, str, bool]]] = defaultdict(list)
    contexts: dict[int, list[str]] = {}
    for index, entry in enumerate(entries):
        ids.setdefault(f"{entry['doc']}:{entry['id']}", index)
        names = [entry["fields"].get("title") or ""]
        gloss = entry.get("glossary")
        if gloss:
            names += [gloss["en"], gloss["canonical"], *gloss["aliases_it"], *gloss["aliases_en"]]
        for alias in entry.get("aliases") or []:
            folded = italian.key(alias)
            if folded and index not in aliases[folded]:
                aliases[folded].append(index)
            names.append(alias)
        for name in names:
            name_key = " ".join(stem_of(t) for t in italian.content_tokens(name))
            if name_key and index not in titles[name_key]:
                titles[name_key].append(index)
        if gloss and gloss.get("context"):
            contexts[index] = sorted({stem_of(t) for word in gloss["context"] for t in italian.content_tokens(word)}
                                     | {italian.fold(word) for word in gloss["context"]})
        if gloss:
            it_key = " ".join(stem_of(t) for t in italian.content_tokens(gloss["it"]))
            named = [(n, False) for n in [gloss["it"], *gloss["aliases_it"]]]
            named += [(n, True) for n in [gloss["en"], gloss["canonical"], *gloss["aliases_en"]]]
            for name, english in named:
                name_key = " ".join(stem_of(t) for t in italian.content_tokens(name))
                if not name_key:
                    continue
                known = [i for i, (g, _k, _e) in enumerate(phrases[name_key]) if g == index]
                if not known:
                    phrases[name_key].append((index, it_key, english))
                elif not english:
                    phrases[name_key][known[0]] = (index, it_key, False)

    from judgekit.search.cards import card_table

    def known_word(word: str, english: bool) -> bool:
        if english:
            return stem_of(word) in phrases or word in phrases
        return word in vocab and vocab[word] in postings

    card_names = card_table(cards, glossary or [], known_word, stem_of)

    from judgekit.search.cards import concept_map

    keyword_names = _keyword_names(entries, glossary or [], stem_of)

    return {
        "format": INDEX_FORMAT,
        "cards": card_names,
        "concepts": concept_map(glossary or []),
        "keywords": keyword_names,
        "docs": [e["doc"] for e in entries],
        "ids": [e["id"] for e in entries],
        "titles_display": [e["title"] for e in entries],
        "citations": [e["citation"] for e in entries],
        "texts": [e.get("text") or "" for e in entries],
        "histories": [e.get("history") or "" for e in entries],
        "flags": array("B", [e.get("flags", 0) for e in entries]),
        "factors": array("f", [_factor(e.get("flags", 0)) for e in entries]),
        "links": [list(e.get("links") or []) for e in entries],
        "terms": pack(sorted_terms),
        "offsets": offsets,
        "post_entry": post_entry,
        "post_weight": post_weight,
        "post_fields": post_fields,
        "fuzzy": _fuzzy_buckets(vocab, set(postings)),
        "vocab_words": pack(sorted(vocab)),
        "vocab_stems": pack(vocab[w] for w in sorted(vocab)),
        "lookup": ids,
        "titles": dict(titles),
        "aliases": dict(aliases),
        "phrases": dict(phrases),
        "contexts": contexts,
        "suggest": _suggestions(entries),
        "fields": list(FIELD_NAMES),
    }


def _fuzzy_buckets(vocab: dict[str, str], terms: set[str]) -> dict[int, tuple[str, str]]:
    """Typo candidates by word length: ("\n"-joined words, "\n"-joined stems), indexed words only."""
    buckets: dict[int, list[str]] = defaultdict(list)
    for word in sorted(vocab):
        if len(word) >= 3 and word not in italian.STOPWORDS and not italian.is_number(word) and vocab[word] in terms:
            buckets[len(word)].append(word)
    return {size: ("\n".join(words), "\n".join(vocab[w] for w in words)) for size, words in buckets.items()}


def _suggestions(entries: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(name, Italian term) pairs of the glossary, offered when a search finds nothing."""
    out: list[tuple[str, str]] = []
    for entry in entries:
        gloss = entry.get("glossary")
        if not gloss:
            continue
        for name in [gloss["it"], gloss["en"], *gloss["aliases_it"], *gloss["aliases_en"]]:
            if name:
                out.append((name, gloss["it"]))
    return out


def compile_index(ctx: CompileContext) -> dict[str, Any]:
    """The ``search`` part: the index of the rules, glossary, textbook and policy parts."""
    from judgekit import paths
    from judgekit.search.cards import read_cards

    cards = read_cards([paths.cards_dir(), paths.user_cards_dir()])
    return build_index(entries_from_parts(ctx.parts), cards, ctx.parts.get("glossary") or [])
