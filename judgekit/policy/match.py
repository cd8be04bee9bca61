"""Find the IPG infraction a query means: a number, an alias, a name or a free Italian description.

Deterministic and explainable. An exact key (``2.5``, ``grv``, ``usc-minor``, ``Game Rule Violation``,
``innescata dimenticata``, a JAR case id) selects its entry directly. Otherwise the description is folded,
stripped of stop words and stemmed (:mod:`judgekit.italian`), and every infraction is scored by the
stems and stem bigrams it shares with the query, each weighted by the field it comes from in the data
(names and aliases, keywords, phrases, definitions, the linked JAR cases) and by how rare it is across
infractions. Irregular forms and synonyms come from the lexicon (``rules_it/policy/lessico.yaml``); a
query word and its synonyms count once, with the best of their weights. Unknown words are matched to the
nearest data word (rapidfuzz) to absorb typos.

What happened weighs more than the words used to tell it:

- **acts**: each infraction lists the acts it is about (``acts`` in ``ipg.yaml``, «pescare carte in più»,
  «dimenticare l'innescata»); an act whose words are all in the description adds :data:`ACT_BONUS` for each
  of its words (the best :data:`MAX_ACTS` acts count);
- **story words** (``story`` in the lexicon: who is at the table, the event, the round, the game number) and
  numbers never score on their own; nor do card and people names, recognised as capitalised words inside a
  sentence, which are also kept out of the typo correction;
- **not_when**: each infraction lists the cues that say it is NOT this one (a spectator stepping in, doing it
  on purpose, a deck that is right while the list is wrong); when a cue is found (and none of its ``unless``
  cues) the score is multiplied by :data:`NOT_FACTOR` and, when the rule names the infraction it is instead
  (``to``) and the description has one of the acts of the infraction left (it is really about that act), that
  one gains :data:`MOVE_SHARE` of the score taken away.

The words, the acts and the cues that decided the match are returned with it (``terms``, ``acts``, ``cues``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from judgekit import italian
from judgekit.errors import NotFoundError

BIGRAM_FACTOR = 1.5
FUZZY_CUTOFF = 84.0
FUZZY_FACTOR = 0.8
SYNONYM_FACTOR = 0.9
MIN_SCORE = 1.5
ACT_BONUS = 3.5
MAX_ACTS = 2
NOT_FACTOR = 0.3
MOVE_SHARE = 0.8
# How much the example situations weigh against the words (0-1), how much of that is their likelihood (the
# rest is the resemblance to the closest ones), and the least resemblance (cosine) that counts at all.
STORY_SHARE = 0.6
LIKELIHOOD_SHARE = 0.4
MIN_LIKENESS = 0.08
# When the words alone find nothing, the resemblance must be at least this to give an answer by itself.
ALONE_LIKENESS = 0.3

_DOC_PREFIXES = ("ipg", "jar")


@dataclass
class Match:
    """One candidate infraction for a query."""

    iid: str
    score: float
    exact: bool = False
    jar: str | None = None
    terms: list[str] = field(default_factory=list)
    acts: list[str] = field(default_factory=list)
    cues: list[str] = field(default_factory=list)
    similar: list[str] = field(default_factory=list)
    # The penalty at Competitive REL when the description itself tells an upgrade or downgrade condition of
    # the IPG: that penalty, the condition (``when``) and the words that tell it (a cue or a quantity).
    penalty: str | None = None
    penalty_when: str = ""
    penalty_words: str = ""
    # When a named card tells it: the sentence of the card's Oracle text that shows the condition.
    penalty_card_text: str = ""
    # Otherwise, the other penalty the closest examples of this infraction had (an upgrade or downgrade those
    # situations had), and those examples: worth checking, not applied.
    possible: str | None = None
    penalty_examples: list[str] = field(default_factory=list)
    closest: list[tuple[float, int]] = field(default_factory=list, repr=False)
    # The earlier penalties for the same infraction today that the description tells («seconda volta oggi»),
    # and the words that tell them (:func:`told_previous`).
    previous: int = 0
    previous_words: str = ""


# Typo correction is bounded: at most this many unknown words of a query, each at most this long.
MAX_FUZZY_WORDS = 8
MAX_FUZZY_LENGTH = 30


_NAME_RE = re.compile(r"(?<![.!?:;«\"(\[])(?<![.!?:;«\"(\[] )\b[A-Z][a-z][a-z']*")


def names(query: str) -> set[str]:
    """Folded words that look like card or people names: capitalised (not all capitals) inside a sentence."""
    found: set[str] = set()
    for match in _NAME_RE.finditer(query.strip()):
        if match.start() == 0:
            continue
        found.update(italian.content_tokens(match.group()))
    return found


def _query_stems(query: str, index: dict[str, Any]) -> tuple[list[str], dict[str, str], set[str]]:
    """Stems of the query; for each, the data stem it was matched to when it was a typo; the stems of the
    words that are names (cards, people), which neither score nor get corrected."""
    idf: dict[str, float] = index["idf"]
    table: dict[str, str] = index["table"]
    forms = index.get("forms") or {}
    stems = italian.stems(query, table, forms)
    named = {italian.stem(forms.get(w, w), table) for w in names(query)}
    fixed: dict[str, str] = {}
    synonyms = index.get("synonyms") or {}
    bank_known = (index.get("bank") or {}).get("known") or {}
    unknown = [s for s in stems if s not in idf and s not in bank_known and s not in synonyms
               and 4 <= len(s) <= MAX_FUZZY_LENGTH and not s[:1].isdigit() and s not in named]
    if unknown:
        from rapidfuzz import fuzz, process

        for stem in unknown[:MAX_FUZZY_WORDS]:
            best = process.extractOne(stem, index["vocab"], scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
            if best:
                fixed[stem] = best[0]
    return stems, fixed, named


def _has(phrase: list[str], found: set[str]) -> bool:
    return all(stem in found for stem in phrase)


def _cue_found(cue: list[list[list[str]]], stems: list[str], synonyms: dict[str, list[str]],
               negations: set[str]) -> bool:
    """Every part of a ``not_when`` cue is said in the description, through one of its alternatives: its
    words in order and not denied within :data:`RULE_REACH` words (:func:`_said`: «non l'ha fatto apposta»,
    «non credo lo faccia apposta» tell no intention)."""
    return all(any(_said(alt, stems, synonyms, negations, RULE_REACH) for alt in part) for part in cue)


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


def rank(policy: dict[str, Any], query: str, limit: int = 3, *, leave_out: int | None = None) -> list[Match]:
    """The best infractions for ``query``, best first (at most ``limit``); [] when nothing is close enough.
    ``leave_out`` ignores one example situation of the bank (measuring the bank on its own examples)."""
    exact = _exact(policy, query)
    if exact:
        return exact[:limit] if limit else exact
    index = policy["index"]
    idf: dict[str, float] = index["idf"]
    surface: dict[str, str] = index["surface"]
    stems, fixed, named = _query_stems(query, index)
    resolved = [fixed.get(s, s) for s in stems]
    # The cues are read on the words as written when they are cue words («svantaggio» is no typo of
    # «vantaggio» there), on the corrected ones otherwise.
    cue_vocab = set(index.get("cue_vocab") or ())
    read = [s if s in cue_vocab else r for s, r in zip(stems, resolved, strict=True)]
    synonyms: dict[str, list[str]] = index.get("synonyms") or {}
    story = set(index.get("story") or [])
    # Words that tell the story (who, where, which round), numbers and names never score on their own.
    quiet = {s for s in resolved if s in story or s in named or italian.is_number(s)}
    found = set(resolved)
    for stem in resolved:
        found.update(synonyms.get(stem, []))
    # Each query word with its alternatives: itself (or the data word it was a typo of) and its synonyms.
    groups: dict[str, list[tuple[str, float]]] = {}
    for raw, stem in zip(stems, resolved, strict=True):
        if stem in quiet:
            continue
        factor = FUZZY_FACTOR if raw in fixed else 1.0
        groups.setdefault(stem, [(stem, factor)] + [(o, factor * SYNONYM_FACTOR) for o in synonyms.get(stem, [])])
    bigrams = {f"{a} {b}" for a, b in zip(resolved, resolved[1:], strict=False) if a not in quiet and b not in quiet}
    raw_scores: dict[str, Match] = {}
    all_acts: dict[str, list[dict[str, Any]]] = index.get("acts") or {}
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
        done = sorted(((len(act["stems"]), act["text"]) for act in all_acts.get(iid, []) if _has(act["stems"], found)),
                      reverse=True)[:MAX_ACTS]
        score += sum(ACT_BONUS * size for size, _text in done)
        contributions.sort(key=lambda c: -c[0])
        terms: list[str] = []
        for _gain, word in contributions:
            if word not in terms:
                terms.append(word)
        raw_scores[iid] = Match(iid, score, terms=terms[:6], acts=[text for _size, text in done])
    _resemblance(index, raw_scores, resolved, quiet, synonyms, leave_out)
    moved: dict[str, float] = {}
    negations = set(index.get("negations") or [])
    for iid, rules in (index.get("rules") or {}).items():
        match = raw_scores.get(iid)
        if match is None or match.score < MIN_SCORE:
            continue
        for rule in rules:
            if any(_cue_found(c, read, synonyms, negations) for c in rule["cues"]) and not any(
                    _cue_found(c, read, synonyms, negations) for c in rule["unless"]):
                before = match.score
                match.score = before * NOT_FACTOR
                match.cues.append(f"non è questa: {rule['text']}")
                target = rule.get("to")
                if target and target in raw_scores and match.acts:
                    moved[target] = moved.get(target, 0.0) + before * MOVE_SHARE
                    raw_scores[target].cues.append(f"da {iid}: {rule['text']}")
                break
    scored: list[Match] = []
    for iid, match in raw_scores.items():
        match.score = round(match.score + moved.get(iid, 0.0), 3)
        if match.score >= MIN_SCORE:
            scored.append(match)
    order = {iid: n for n, iid in enumerate(policy["order"])}
    scored.sort(key=lambda m: (-m.score, order.get(m.iid, 0)))
    ranked = scored[:limit] if limit else scored
    _penalties(policy, ranked, read, query)
    previous, words = told_previous(index, query)
    for match in ranked:
        match.previous, match.previous_words = previous, words
    return ranked


# Words that may stand between two words of a repeat phrase («già preso *un* warning»).
REPEAT_GAP = 2
# How far before a "not this one" cue a negation still denies it: «non *credo l'abbia fatto* apposta», a
# verb of opinion, an auxiliary and a participle between the negation and the word that tells the intention.
RULE_REACH = 4


def told_previous(index: dict[str, Any], query: str) -> tuple[int, str]:
    """How many earlier penalties for the same infraction today the description tells, and the phrase of the
    lexicon (``repeats``) that tells it: its words in order, with at most :data:`REPEAT_GAP` others between
    two of them. The highest count found wins; (0, "") when the description says nothing of it."""
    words = italian.tokens(italian.fold(query))
    for count, phrase, text in index.get("repeats") or []:
        if _in_order(phrase, words):
            return int(count), str(text)
    return 0, ""


def _in_order(phrase: list[str], words: list[str]) -> bool:
    for start, word in enumerate(words):
        if word != phrase[0]:
            continue
        at, ok = start, True
        for wanted in phrase[1:]:
            window = words[at + 1:at + 2 + REPEAT_GAP]
            if wanted not in window:
                ok = False
                break
            at = at + 1 + window.index(wanted)
        if ok:
            return True
    return False


def _said(phrase: list[str], stems: list[str], synonyms: dict[str, list[str]], negations: set[str],
          reach: int = REPEAT_GAP) -> bool:
    """The stems of ``phrase`` are in ``stems`` in that order (a word or one of its synonyms), with at most
    :data:`REPEAT_GAP` others between two of them, and not denied: no negation of the lexicon («nessuno
    schema», «il vantaggio non è sostanziale») in the ``reach`` words before (:data:`REPEAT_GAP` unless told)
    or among them, unless the phrase has it itself («non aveva metamorfosi»)."""
    def same(stem: str, wanted: str) -> bool:
        return stem == wanted or wanted in synonyms.get(stem, ())

    denied = negations - set(phrase)
    for start, stem in enumerate(stems):
        if not same(stem, phrase[0]):
            continue
        at, ok = start, True
        for wanted in phrase[1:]:
            window = stems[at + 1:at + 2 + REPEAT_GAP]
            hit = next((k for k, s in enumerate(window) if same(s, wanted)), None)
            if hit is None:
                ok = False
                break
            at = at + 1 + hit
        if ok and not denied.intersection(stems[max(0, start - reach):at + 1]):
            return True
    return False


def told_change(index: dict[str, Any], iid: str, stems: list[str], amounts: list[tuple[float, str, str]],
                query: str = "") -> tuple[dict[str, Any], str, str] | None:
    """The first upgrade or downgrade condition of ``iid`` (upgrades first) that the description tells, by a
    cue phrase (its words in order), a library card it names that has the condition's ``card_trait``, or a
    quantity, when none of its ``unless`` phrases is there too; with the words that tell it (the card's name)
    and, for a card, the sentence of its Oracle text that shows it."""
    synonyms: dict[str, list[str]] = index.get("synonyms") or {}
    all_negations = set(index.get("negations") or [])
    for change in (index.get("changes") or {}).get(iid, []):
        negations = all_negations if change.get("negation_denies", True) else set()
        if any(_said(c["stems"], stems, synonyms, all_negations) for c in change["unless"]):
            continue
        for cue in change["cues"]:
            if _said(cue["stems"], stems, synonyms, negations):
                return change, cue["text"], ""
        trait = change.get("card_trait")
        if trait:
            from judgekit.policy.triggers import named

            cards = named(query, (index.get("card_traits") or {}).get(trait) or {})
            if cards:
                return change, cards[0][0], cards[0][1]
        for wanted in change["amounts"]:
            for value, unit, words in amounts:
                if unit != wanted["unit"]:
                    continue
                if (wanted.get("over") is None or value > wanted["over"]) and (
                        wanted.get("at_most") is None or value <= wanted["at_most"]):
                    return change, words, ""
    return None


def _penalties(policy: dict[str, Any], matches: list[Match], stems: list[str], query: str) -> None:
    """The penalty of each match at Competitive REL when it is not the infraction's base: the upgrade or
    downgrade condition the description tells (:func:`told_change`). When it tells none, the other penalty
    its closest examples had (:func:`judgekit.policy.stories.penalty_of`) is kept as a possibility to check:
    a penalty changes only for a condition the description says (IPG 1.1: the judge rules on the facts)."""
    from judgekit.policy import amounts as quantities
    from judgekit.policy import stories

    index = policy["index"]
    bank = index.get("bank") or {}
    told = quantities.told(query, index.get("amounts") or {}) if index.get("amounts") else []
    for match in matches:
        entry = policy["infractions"].get(match.iid)
        if not entry:
            continue
        change = told_change(index, match.iid, stems, told, query)
        if change is not None:
            condition, words, card_text = change
            if condition["penalty"] != entry["penalty"]:
                match.penalty, match.penalty_when = condition["penalty"], condition["when"]
                match.penalty_words, match.penalty_card_text = words, card_text
            continue
        if not match.closest:
            continue
        penalty, examples = stories.penalty_of(bank, match.closest, entry["penalty"])
        if examples:
            match.possible = penalty
            match.penalty_examples = [bank["text"][n] for n in examples]


def _resemblance(index: dict[str, Any], raw_scores: dict[str, Match], resolved: list[str], quiet: set[str],
                 synonyms: dict[str, list[str]], leave_out: int | None) -> None:
    """Blend each infraction's score from the words with how much the description resembles its example
    situations (:mod:`judgekit.policy.stories`): both are scaled to the best infraction's, and the blend
    is brought back to the words' scale so that :data:`MIN_SCORE` keeps its meaning. When the words find
    nothing, the resemblance answers alone only from :data:`ALONE_LIKENESS` (a word shared with one example
    is not a situation)."""
    bank = index.get("bank")
    if not bank or not bank.get("ipg"):
        return
    from judgekit.policy import stories

    found = stories.resemble(bank, resolved, stories.canonical(synonyms), quiet, leave_out)
    if not found.similarity:
        return
    top_words = max((m.score for m in raw_scores.values()), default=0.0)
    top_like = max(found.similarity.values())
    if top_words < MIN_SCORE and top_like < ALONE_LIKENESS:
        return
    top_likely = max(found.likelihood.values(), default=0.0)
    scale = max(top_words, MIN_SCORE * 2)
    for iid, match in raw_scores.items():
        words = match.score / top_words if top_words else 0.0
        like = found.similarity.get(iid, 0.0) / top_like if top_like >= MIN_LIKENESS else 0.0
        likely = found.likelihood.get(iid, 0.0) / top_likely if top_likely and top_like >= MIN_LIKENESS else 0.0
        story = (1.0 - LIKELIHOOD_SHARE) * like + LIKELIHOOD_SHARE * likely
        match.score = scale * ((1.0 - STORY_SHARE) * words + STORY_SHARE * story)
        match.closest = found.closest.get(iid, [])
        match.similar = [bank["text"][n] for _s, n in match.closest[:1]] if like else []


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
    section = (policy.get("section_lookup") or {}).get(italian.key(query))
    # A query that is exactly the name of a general section (``backup``) is about the section, even when
    # example situations that mention it would suggest an infraction.
    matches = [] if section and not _exact(policy, query) else rank(policy, query, limit)
    if not matches:
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
