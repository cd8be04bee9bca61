"""Query analysis and ranking of ``judgekit search``.

How a query is read
-------------------
1. The query is folded (case, accents, typographic apostrophes and quotes) and split into tokens; stop
   words and elisions (``l'``, ``dell'``, ``un'``...) are dropped (:mod:`judgekit.italian`).
2. References are taken out first: a CR number (``510.1c``, ``CR 510.1c``, ``regola 704.5``; a bare
   section number such as ``306`` only when it is the whole query or follows ``cr``/``regola``) and a
   policy number (``IPG 2.1``, ``MTR 4.2``, or a bare ``2.1`` matching any policy document). Then the
   names of library cards (longest first, :mod:`judgekit.search.cards`): their words stop being query
   words, and the stems of the card's rules concepts join with weight ``CARD_WEIGHT``. The name itself
   stays a term (its stem, or the pairs of its stems, weight ``CARD_NAME_WEIGHT``): the typical questions
   that name the card find the rule the card is asked about.
3. Every remaining word becomes its Italian stem. A word the corpus does not know (neither the word
   nor its stem) is matched against the corpus vocabulary with rapidfuzz (``fuzz.ratio`` >= 80, or 85
   for four-letter words); up to three candidates are used, the likeliest first (similarity plus
   ``FUZZY_DF_BONUS * log10(1 + document frequency)``), weighted ``0.8 * similarity``, the others
   ``TYPO_OTHER`` of that.
4. Glossary names are looked for in the (corrected) stems, longest first: an English name, alias or
   slang word (``first strike``, ``SBA``) adds the stems of the Italian term (``attacco improvviso``)
   with weight 1, and the English words it translated keep only ``TRANSLATED_WEIGHT`` (0.3) of theirs
   (English ``state`` must not weigh like Italian ``stato``). A name shared by several entries (senses)
   takes the entries whose ``context`` words are in the query, or all of them at ``SHARED_WEIGHT``.
   A glossary entry may link policy entries (``ipg:2.2``) as well as rules. When the glossary name is the whole
   query, the rules the glossary entry lists enter the exact-term tier with a bonus (``LINK_BONUS`` for
   the first, the defining rule; half for the others) and the Italian term counts as the query for the
   exact-title tier.
5. Adjacent stems also form bigrams (``dann combatt``) with weight ``PHRASE_WEIGHT``: the phrase and
   proximity bonus, since the index holds the bigrams of every field.

How entries are scored
----------------------
The text score is BM25F (k1 = 1.2) over stemmed fields with field weights: title 3, alias 3, English
names 2, typical questions (``rules_it/domande``) 2, text 1, section title 1, first sentence 0.7, note 0.5,
imported English text 0.6, superseded
text (history) 0.15. Older texts of a rule are indexed on purpose, with that low weight: an old wording
still finds its rule, below the rules whose current text matches.
The sum is multiplied by the share of query words the entry matches (``0.5 + 0.5 * coverage``), then by
a static factor: 0.35 for a superseded rule (e.g. 509.2, removed by Foundations), 0.6 for a textbook
section (the rule answers, the textbook explains it next), 0.85 more for a textbook section the current
rules have outdated, 0.6 for a glossary entry (short entries that BM25 favours, and
an aid to reach the rules rather than the authority). A policy alias found inside a longer query adds
``ALIAS_BONUS``.

Tiers come before scores
------------------------
4. exact reference: the rule or policy number asked for;
3. the query is exactly a policy alias (``grv``, ``mt``...), or the entry is a sub-rule of the number
   asked for (``510.1`` lists ``510.1a``, ``510.1b``... after itself);
2. exact title or term: the query's stems equal the entry's title, glossary term (Italian, English,
   alias) or, through the glossary, the Italian term of an English query; the rules a glossary term
   lists join this tier, and inside it rules come before the glossary entries that name them;
1. any other entry with a positive text score.

Ties (same tier and score) are broken by document order, then by the order inside the document: CR
(rules and project sintesi together, in CR order), IPG, JAR, MTR, textbook, glossary. The ranking is
deterministic: the same index and query always give the same hits in the same order.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Callable
from typing import Any

from judgekit import italian
from judgekit.search.schema import FIELD_LABELS, FLAG_GLOSSARY, FLAG_OUTDATED, FLAG_SUPERSEDED, Table

K1 = 1.2
PHRASE_WEIGHT = 0.3
TYPO_WEIGHT = 0.8
# The other candidates of a typo (after the likeliest one) count this share of it.
TYPO_OTHER = 0.5
EXPANSION_WEIGHT = 1.0
TRANSLATED_WEIGHT = 0.3
LINK_BONUS = 6.0
SHARED_WEIGHT = 0.5
CARD_WEIGHT = 0.3
CARD_MAX_TOKENS = 6
CARD_NAME_WEIGHT = 1.0
CARD_LINK_BONUS = 2.0
# A rule about one keyword (CR 701-702) that the question does not name, neither itself nor through a card or
# the glossary, keeps this share of its score: its words alone ("invece di pescare" in dredge) are not the
# question's subject.
KEYWORD_ABSENT = 0.5
ALIAS_BONUS = 8.0
COORD_BASE = 0.5

TIER_REFERENCE = 4
TIER_ALIAS = 3
TIER_TITLE = 2
TIER_TEXT = 1

TIER_LABELS = {
    TIER_REFERENCE: "riferimento esatto",
    TIER_ALIAS: "alias o sotto-regola del riferimento",
    TIER_TITLE: "titolo o termine esatto",
    TIER_TEXT: "testo",
}

DOC_ALIASES = {
    "cr": "cr", "regole": "cr", "regola": "cr", "sintesi": "cr",
    "ipg": "ipg", "jar": "jar", "mtr": "mtr",
    "manuale": "manuale", "manual": "manuale", "textbook": "manuale",
    "glossario": "glossario", "glossary": "glossario",
}

_CR_NUMBER = re.compile(r"^\d{3}(?:\.\d+[a-z]?)?$")
_POLICY_NUMBER = re.compile(r"^\d{1,2}(?:\.\d+)+$")
_CR_PREFIX = {"cr", "regola", "regole", "rule", "rules", "sezione", "section"}
_POLICY_PREFIX = {"ipg", "mtr", "jar"}


class Term:
    """One weighted term of the query: a stem or a bigram, and where it came from."""

    __slots__ = ("key", "weight", "source", "positions", "note")

    def __init__(self, key: str, weight: float, source: str, positions: tuple[int, ...] = (), note: str = "") -> None:
        self.key = key
        self.weight = weight
        self.source = source  # parola | frase | glossario | refuso | carta
        self.positions = positions
        self.note = note


class Query:
    """What the ranking understood of the query (shown by ``--why``)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.refs: list[tuple[str | None, str]] = []
        self.words: list[str] = []
        self.terms: list[Term] = []
        self.corrections: list[tuple[str, list[tuple[str, float]]]] = []
        self.expansions: list[tuple[str, str]] = []
        self.whole_keys: set[str] = set()
        self.links: dict[int, tuple[str, float]] = {}
        self.alias_exact: list[int] = []
        self.alias_inside: dict[int, str] = {}
        self.cards: list[str] = []
        # Entry -> (the card that points to it, the weight of the link), see :mod:`judgekit.search.cards`.
        self.card_links: dict[int, tuple[str, float]] = {}

    @property
    def empty(self) -> bool:
        """True when the query has nothing to look for (only stop words)."""
        return not self.refs and not self.words and not self.alias_exact and not self.cards


class Hit:
    """One ranked entry."""

    __slots__ = ("index", "doc", "id", "title", "citation", "score", "tier", "stems", "reasons")

    def __init__(self, index: int, doc: str, id: str, title: str, citation: str, score: float, tier: int,
                 stems: set[str] | None = None) -> None:
        self.index = index
        self.doc = doc
        self.id = id
        self.title = title
        self.citation = citation
        self.score = score
        self.tier = tier
        self.stems: set[str] = stems or set()
        self.reasons: list[str] = []


def vocab_table(index: dict[str, Any]) -> Table:
    """The corpus vocabulary (folded word -> stem) of an index."""
    return Table(index["vocab_words"], index["vocab_stems"])


#: Typo correction budget: the longest word it looks at, how many unknown words of one query it corrects
#: and how many vocabulary words it scores for one of them.
FUZZY_MAX_LEN = 30
FUZZY_MAX_WORDS = 8
FUZZY_MAX_CANDIDATES = 20_000
FUZZY_DF_BONUS = 3.0


def _fuzzy(word: str, index: dict[str, Any]) -> list[tuple[str, float]]:
    """Vocabulary words close to an unknown ``word`` (typo tolerance), best first."""
    if len(word) < 4 or len(word) > FUZZY_MAX_LEN or italian.is_number(word):
        return []
    from rapidfuzz import fuzz, process

    cutoff = 85.0 if len(word) < 5 else 80.0
    buckets: dict[int, tuple[str, str]] = index["fuzzy"]
    stem_of: dict[str, str] = {}
    for size in range(len(word) - 2, len(word) + 3):
        bucket = buckets.get(size)
        if bucket:
            stem_of.update(zip(bucket[0].split("\n"), bucket[1].split("\n"), strict=True))
        if len(stem_of) >= FUZZY_MAX_CANDIDATES:
            break
    found = process.extract(word, list(stem_of), scorer=fuzz.ratio, score_cutoff=cutoff, limit=8)
    terms = Table(index["terms"])
    offsets = index["offsets"]

    def likely(candidate: str, score: float) -> float:
        # Between two close spellings, the word the corpus uses more often is the likelier one meant
        # ("manna" is "mana", not "manina").
        slot = terms.index(stem_of[candidate])
        df = offsets[slot + 1] - offsets[slot] if slot is not None else 0
        return score + FUZZY_DF_BONUS * math.log10(1 + df)

    out: list[tuple[str, float]] = []
    seen: set[str] = set()
    for candidate, score, _ in sorted(found, key=lambda f: (-likely(f[0], f[1]), f[0])):
        stem = stem_of[candidate]
        if stem in seen:
            continue
        seen.add(stem)
        out.append((candidate, float(score)))
        if len(out) == 3:
            break
    return out


def _bigrams(stems: list[str], weight: float, source: str, base: int, note: str = "") -> list[Term]:
    return [Term(f"{a} {b}", weight, source, (base + i, base + i + 1), note)
            for i, (a, b) in enumerate(zip(stems, stems[1:], strict=False)) if a != b]


CardFinder = Callable[[list[str]], dict[str, dict[str, Any]]]


def _card_name_terms(tokens: list[str], name: str) -> list[Term]:
    """The name of a card found in the query, as terms: its stem, or the pairs of its stems (single English
    words of a long name, ``mage``, ``jar``, would match unrelated text)."""
    if not CARD_NAME_WEIGHT:
        return []
    stems = [italian.stem(t) for t in tokens if t not in italian.STOPWORDS]
    keys = stems if len(stems) == 1 else [f"{a} {b}" for a, b in zip(stems, stems[1:], strict=False)]
    return [Term(key, CARD_NAME_WEIGHT, "carta", (), f"il nome della carta {name}") for key in keys]


def _imported_cards(text: str, raw: list[str], consumed: set[int], index: dict[str, Any],
                    find: CardFinder) -> list[tuple[set[int], dict[str, Any]]]:
    """Cards outside the library named in the query, longest names first: every run of up to
    :data:`CARD_MAX_TOKENS` tokens not already taken is looked up by its folded name (one call of ``find``).
    A single word is a card only when the corpus does not know it (an Italian or English word of the rules
    keeps its meaning)."""
    from judgekit.carddb.names import fold_name

    located = list(italian.iter_tokens(text))
    if len(located) != len(raw):
        return []
    vocab = vocab_table(index)
    spans: dict[str, list[tuple[int, int]]] = {}
    for size in range(min(CARD_MAX_TOKENS, len(raw)), 0, -1):
        for start in range(len(raw) - size + 1):
            if any(p in consumed for p in range(start, start + size)):
                continue
            if size == 1:
                word = raw[start]
                if len(word) < 4 or word in italian.STOPWORDS or vocab.get(word) is not None or word[:1].isdigit():
                    continue
            elif raw[start] in italian.STOPWORDS or raw[start + size - 1] in italian.STOPWORDS:
                continue
            key = fold_name(text[located[start][1]:located[start + size - 1][2]])
            if key:
                spans.setdefault(key, []).append((start, size))
    if not spans:
        return []
    found = find(list(spans))
    out: list[tuple[set[int], dict[str, Any]]] = []
    taken = set(consumed)
    for key in sorted(found, key=lambda k: -max(size for _s, size in spans[k])):
        for start, size in spans[key]:
            span = set(range(start, start + size))
            if not span & taken:
                taken |= span
                out.append((span, found[key]))
                break
    return out


def analyze(text: str, index: dict[str, Any], find_cards: CardFinder | None = None) -> Query:
    """Read the query: references, stems, typo corrections, glossary expansions (steps 1-5 above).
    ``find_cards`` looks up names of cards outside the library (the imported card database)."""
    query = Query(text=text)
    raw = italian.tokens(text)
    lookup: dict[str, int] = index["lookup"]
    content_raw = [t for t in raw if t not in italian.STOPWORDS]
    consumed: set[int] = set()
    for pos, token in enumerate(raw):
        prev = raw[pos - 1] if pos else ""
        if _CR_NUMBER.match(token) and ("." in token or prev in _CR_PREFIX or len(content_raw) == 1):
            query.refs.append(("cr", token))
        elif _POLICY_NUMBER.match(token):
            query.refs.append((prev if prev in _POLICY_PREFIX else None, token))
        else:
            continue
        consumed.add(pos)
        if prev in _CR_PREFIX or prev in _POLICY_PREFIX:
            consumed.add(pos - 1)
    cards: dict[str, tuple[str, list[str], list[tuple[str, float]]]] = index.get("cards") or {}
    card_stems: dict[str, str] = {}
    if cards:
        for size in range(min(CARD_MAX_TOKENS, len(raw)), 0, -1):
            for start in range(len(raw) - size + 1):
                span = set(range(start, start + size))
                if span & consumed:
                    continue
                found = cards.get(" ".join(raw[start:start + size]))
                if found is None:
                    continue
                consumed |= span
                query.cards.append(found[0])
                query.terms += _card_name_terms(raw[start:start + size], found[0])
                for stem in found[1]:
                    card_stems.setdefault(stem, found[0])
                for rule_id, weight in found[2]:
                    target = lookup.get(rule_id)
                    if target is not None and weight > query.card_links.get(target, ("", 0.0))[1]:
                        query.card_links[target] = (found[0], weight)
    if find_cards is not None:
        from judgekit.search.cards import imported_concepts

        for span, card in _imported_cards(text, raw, consumed, index, find_cards):
            consumed |= span
            name = str(card.get("name") or "")
            query.cards.append(name)
            query.terms += _card_name_terms([raw[p] for p in sorted(span)], name)
            stems_of, linked = imported_concepts(card, index.get("concepts") or {}, italian.stem)
            for stem in stems_of:
                card_stems.setdefault(stem, name)
            for rule_id, weight in linked:
                target = lookup.get(rule_id)
                if target is not None and weight > query.card_links.get(target, ("", 0.0))[1]:
                    query.card_links[target] = (name, weight)
    words = [t for p, t in enumerate(raw) if p not in consumed and t not in italian.STOPWORDS]
    query.words = words

    whole = " ".join(t for p, t in enumerate(raw) if p not in consumed)
    aliases: dict[str, list[int]] = index["aliases"]
    if whole in aliases and not query.refs:
        query.alias_exact = list(aliases[whole])
    elif len(raw) > 1:
        for size in range(min(4, len(raw)), 0, -1):
            for start in range(len(raw) - size + 1):
                piece = " ".join(raw[start:start + size])
                for idx in aliases.get(piece, []):
                    if piece != whole:
                        query.alias_inside.setdefault(idx, piece)

    vocab = vocab_table(index)
    terms = Table(index["terms"])
    stems: list[str] = []
    fuzzy_left = FUZZY_MAX_WORDS
    for pos, word in enumerate(words):
        known = vocab.get(word)
        stem = known if known is not None else italian.stem(word)
        if known is None and stem not in terms:
            candidates = _fuzzy(word, index) if fuzzy_left > 0 else []
            fuzzy_left -= 1
            if candidates:
                query.corrections.append((word, candidates))
                for rank_, (cand, score) in enumerate(candidates):
                    note = f"«{word}» → «{cand}» ({score:.0f}%)"
                    weight = TYPO_WEIGHT * score / 100.0 * (1.0 if rank_ == 0 else TYPO_OTHER)
                    query.terms.append(Term(vocab.get(cand) or cand, weight, "refuso", (pos,), note))
                stem = vocab.get(candidates[0][0]) or stem
        else:
            query.terms.append(Term(stem, 1.0, "parola", (pos,)))
        stems.append(stem)
    query.terms += _bigrams(stems, PHRASE_WEIGHT, "frase", 0)
    own = set(stems)
    query.terms += [Term(stem, CARD_WEIGHT, "carta", (), f"dalla carta {name}")
                    for stem, name in card_stems.items() if stem not in own]

    # Glossary names (English, aliases, slang) inside the query, longest first.
    phrases: dict[str, list[tuple[int, str, bool]]] = index["phrases"]
    contexts: dict[int, list[str]] = index.get("contexts") or {}
    present = set(stems) | set(words)
    covered: set[int] = set()
    translated: set[int] = set()
    # The words left around a card name are not the whole question: they never make an exact title.
    whole_query = not query.cards
    full_key = " ".join(stems)
    if full_key and whole_query:
        query.whole_keys.add(full_key)
    for size in range(min(5, len(stems)), 0, -1):
        for start in range(len(stems) - size + 1):
            span = set(range(start, start + size))
            if span & covered:
                continue
            name_key = " ".join(stems[start:start + size])
            matches = phrases.get(name_key)
            if not matches:
                continue
            covered |= span
            shown = " ".join(words[start:start + size])
            matches, sense_weight = _senses(matches, contexts, present)
            for gidx, it_key, english in matches:
                term_name = index["ids"][gidx]
                if size == len(stems) and whole_query:
                    query.whole_keys.add(it_key)
                    for rank, rule_id in enumerate(index["links"][gidx]):
                        target = lookup.get(rule_id if ":" in rule_id else f"cr:{rule_id}")
                        if target is not None and (target not in query.links or rank == 0):
                            query.links[target] = (term_name, LINK_BONUS if rank == 0 else LINK_BONUS / 2)
                if it_key == name_key:
                    continue
                query.expansions.append((shown, term_name))
                if english:
                    translated |= span
                it_stems = it_key.split()
                note = f"«{shown}» → «{term_name}»"
                positions = tuple(sorted(span))
                query.terms += [Term(s, EXPANSION_WEIGHT * sense_weight, "glossario", positions, note)
                                for s in it_stems]
                query.terms += [Term(t.key, PHRASE_WEIGHT * sense_weight, "glossario", positions, note)
                                for t in _bigrams(it_stems, PHRASE_WEIGHT, "glossario", 0)]
    for term in query.terms:
        if term.source in ("parola", "frase", "refuso") and term.positions and set(term.positions) <= translated:
            term.weight *= TRANSLATED_WEIGHT
    return query


def _senses(matches: list[tuple[int, str, bool]], contexts: dict[int, list[str]],
            present: set[str]) -> tuple[list[tuple[int, str, bool]], float]:
    """The senses of a glossary name shared by several entries that the query means, and their weight.

    A sense whose ``context`` words are in the query is the one meant (the others are dropped); when no
    sense's context is there, every sense is kept with ``SHARED_WEIGHT`` (the name alone says too little).
    """
    if len(matches) < 2:
        return matches, 1.0
    fitting = [m for m in matches if present.intersection(contexts.get(m[0], ()))]
    if fitting:
        return fitting, 1.0
    return matches, SHARED_WEIGHT


def _descendant(entry_id: str, ref: str) -> bool:
    if not entry_id.startswith(ref) or entry_id == ref:
        return False
    nxt = entry_id[len(ref)]
    return nxt == "." or (nxt.isalpha() and "." in ref)


def search(index: dict[str, Any], text: str, *, docs: set[str] | None = None, limit: int = 10,
           explain: bool = False, find_cards: CardFinder | None = None) -> tuple[Query, list[Hit], int]:
    """Rank the index for ``text``: (what was understood, the best ``limit`` hits, how many matched)."""
    query = analyze(text, index, find_cards)
    entry_docs: list[str] = index["docs"]
    entry_ids: list[str] = index["ids"]
    n_entries = max(1, len(entry_docs))
    terms_map = Table(index["terms"])
    offsets, post_entry = index["offsets"], index["post_entry"]
    post_weight, post_fields = index["post_weight"], index["post_fields"]
    field_names: list[str] = index["fields"]

    scores: dict[int, float] = {}
    matched: dict[int, int] = {}
    detail: dict[int, list[tuple[Term, float, float, int]]] = {}
    positions_total = max(1, len(query.words))
    for number, term in enumerate(query.terms):
        slot = terms_map.index(term.key)
        if slot is None:
            continue
        start, end = offsets[slot], offsets[slot + 1]
        df = end - start
        idf = math.log(1.0 + (n_entries - df + 0.5) / (df + 0.5))
        qw = term.weight * idf * (K1 + 1.0)
        bit = 1 << number
        for i in range(start, end):
            ent = post_entry[i]
            tf = post_weight[i]
            gain = qw * tf / (tf + K1)
            scores[ent] = scores.get(ent, 0.0) + gain
            matched[ent] = matched.get(ent, 0) | bit
            if explain:
                detail.setdefault(ent, []).append((term, idf, gain, post_fields[i]))

    factors = index["factors"]
    tiers: dict[int, int] = {}
    coord_of: dict[int, float] = {}
    for ent, raw in scores.items():
        mask = matched[ent]
        coord = coord_of.get(mask)
        if coord is None:
            hit_positions: set[int] = set()
            for number, term in enumerate(query.terms):
                if mask >> number & 1:
                    hit_positions.update(term.positions)
            coverage = min(1.0, len(hit_positions) / positions_total)
            coord = coord_of[mask] = COORD_BASE + (1.0 - COORD_BASE) * coverage
        scores[ent] = raw * coord * factors[ent]
        tiers[ent] = TIER_TEXT
    keywords: dict[int, list[str]] = index.get("keywords") or {}
    if keywords:
        asked = {t.key for t in query.terms if " " not in t.key} | set(query.words)
        for ent in scores:
            names = keywords.get(ent)
            if names is not None and not asked.intersection(names):
                scores[ent] *= KEYWORD_ABSENT
    for ent, (_term, bonus) in query.links.items():
        scores[ent] = scores.get(ent, 0.0) + bonus * factors[ent]
        tiers.setdefault(ent, TIER_TEXT)
    for ent, (_card, weight) in query.card_links.items():
        scores[ent] = scores.get(ent, 0.0) + CARD_LINK_BONUS * weight * factors[ent]
        tiers.setdefault(ent, TIER_TEXT)
    for ent in query.alias_inside:
        scores[ent] = scores.get(ent, 0.0) + ALIAS_BONUS
        tiers.setdefault(ent, TIER_TEXT)
    titles: dict[str, list[int]] = index["titles"]
    for ent in query.links:
        tiers[ent] = max(tiers.get(ent, 0), TIER_TITLE)
    for title_key in query.whole_keys:
        for ent in titles.get(title_key, []):
            tiers[ent] = max(tiers.get(ent, 0), TIER_TITLE)
            scores.setdefault(ent, 0.0)
    for ent in query.alias_exact:
        tiers[ent] = TIER_ALIAS
        scores.setdefault(ent, 0.0)
    lookup: dict[str, int] = index["lookup"]
    for doc, ref in query.refs:
        wanted = [doc] if doc else ["ipg", "mtr", "jar"]
        for name in wanted:
            ent = lookup.get(f"{name}:{ref}")
            if ent is not None:
                tiers[ent] = TIER_REFERENCE
                scores.setdefault(ent, 0.0)
            if name == "cr":
                for i, entry_id in enumerate(entry_ids):
                    if entry_docs[i] == "cr" and _descendant(entry_id, ref):
                        if tiers.get(i, 0) < TIER_ALIAS:
                            tiers[i] = TIER_ALIAS
                        scores.setdefault(i, 0.0)

    candidates = [ent for ent in tiers if docs is None or entry_docs[ent] in docs]
    flags = index["flags"]

    def order(ent: int) -> tuple[int, int, float, int]:
        tier = tiers[ent]
        glossary_after = 1 if tier == TIER_TITLE and flags[ent] & FLAG_GLOSSARY else 0
        return (-tier, glossary_after, -round(scores[ent], 9), ent)

    best = heapq.nsmallest(limit, candidates, key=order)

    hits: list[Hit] = []
    unigram_numbers = [n for n, t in enumerate(query.terms) if " " not in t.key]
    for ent in best:
        mask = matched.get(ent, 0)
        hit = Hit(index=ent, doc=entry_docs[ent], id=entry_ids[ent], title=index["titles_display"][ent],
                  citation=index["citations"][ent], score=scores[ent], tier=tiers[ent],
                  stems={query.terms[n].key for n in unigram_numbers if mask >> n & 1})
        if explain:
            hit.reasons = _reasons(index, query, hit, detail.get(ent, []), field_names)
        hits.append(hit)
    return query, hits, len(candidates)


def _reasons(index: dict[str, Any], query: Query, hit: Hit, detail: list[tuple[Term, float, float, int]],
             field_names: list[str]) -> list[str]:
    out = [f"livello {hit.tier} ({TIER_LABELS[hit.tier]})"]
    flags = index["flags"][hit.index]
    for term, idf, gain, mask in sorted(detail, key=lambda d: (-d[2], d[0].key)):
        where = ", ".join(FIELD_LABELS[name] for bit, name in enumerate(field_names) if mask >> bit & 1)
        source = {"parola": "", "frase": " (frase)", "glossario": " (dal glossario)", "refuso": " (refuso)",
                  "carta": " (dalla carta)"}
        extra = f"; {term.note}" if term.note else ""
        out.append(f"«{term.key}»{source[term.source]} in {where}: idf {idf:.2f}, +{gain:.2f}{extra}")
    total = sum(d[2] for d in detail)
    if detail:
        covered: set[int] = set()
        for term, _idf, _gain, _mask in detail:
            covered.update(term.positions)
        share = min(1.0, len(covered) / max(1, len(query.words)))
        factor = index["factors"][hit.index]
        line = f"BM25F {total:.2f} × copertura {COORD_BASE + (1 - COORD_BASE) * share:.2f} ({len(covered)}/"
        line += f"{max(1, len(query.words))} parole)"
        if factor != 1.0:
            why = []
            if flags & FLAG_SUPERSEDED:
                why.append("regola superata")
            if flags & FLAG_OUTDATED:
                why.append("sezione superata dalle regole attuali")
            if flags & FLAG_GLOSSARY:
                why.append("voce del glossario")
            line += f" × {factor:.2f} ({', '.join(why)})"
        out.append(line)
    if hit.index in query.links:
        term_name, bonus = query.links[hit.index]
        out.append(f"regola collegata al termine del glossario «{term_name}»: +{bonus:.2f}")
    if hit.index in query.card_links:
        card, weight = query.card_links[hit.index]
        factor = index["factors"][hit.index]
        out.append(f"regola a cui rimanda la carta {card}: +{CARD_LINK_BONUS * weight * factor:.2f}")
    if hit.index in query.alias_inside:
        out.append(f"alias «{query.alias_inside[hit.index]}» nella ricerca: +{ALIAS_BONUS:.2f}")
    out.append(f"punteggio {hit.score:.2f}")
    return out
