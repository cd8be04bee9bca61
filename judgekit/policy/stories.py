"""Compare a described situation with the bank of example situations (``rules_it/policy/storie-*.yaml``).

The infraction an example situation is about is a fact of the IPG; the words it is told with are not. A
description that resembles several examples of one infraction (the same act, the same moment, the same
person acting) is probably about that infraction, whatever incidental words it shares with the names and
definitions of the others (IPG 1.1: the judge rules on what happened).

Each example and the description are read the same way: the stems of the content words (irregular forms
and synonyms of the lexicon folded into one stem per group), without the words that only tell the story
(who, where, which round), numbers, and names of cards and people; plus the pairs of consecutive stems.
Each term weighs ``(1 + log tf) * idf`` over the bank, and vectors are compared by cosine. An infraction's
similarity is the weighted mean of its :data:`BEST` closest examples, so one lucky example decides less
than several close ones.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from judgekit import italian

# The closest examples of one infraction that count, and the weight of each by rank.
BEST = (1.0, 0.6, 0.35)
# A pair of consecutive stems counts this much of a single stem.
BIGRAM_FACTOR = 0.6


def canonical(synonyms: Mapping[str, list[str]]) -> dict[str, str]:
    """For each stem of a synonym group, the stem that stands for the whole group (the smallest)."""
    return {stem: min([stem, *others]) for stem, others in synonyms.items()}


def terms(stems: Iterable[str], canon: Mapping[str, str], quiet: set[str]) -> Counter[str]:
    """The terms of a text: its stems (one per synonym group) and the pairs of consecutive ones, the
    ``quiet`` stems left out (they also break pairs)."""
    bag: Counter[str] = Counter()
    previous = ""
    for stem in stems:
        if stem in quiet or italian.is_number(stem):
            previous = ""
            continue
        term = canon.get(stem, stem)
        bag[term] += 1
        if previous and previous != term:
            bag[f"{previous} {term}"] += 1
        previous = term
    return bag


def _weights(bag: Counter[str], idf: Mapping[str, float]) -> dict[str, float]:
    vector = {}
    for term, count in bag.items():
        weight = idf.get(term)
        if weight:
            vector[term] = (1.0 + math.log(count)) * weight * (BIGRAM_FACTOR if " " in term else 1.0)
    norm = math.sqrt(sum(w * w for w in vector.values()))
    return {t: w / norm for t, w in vector.items()} if norm else {}


def build(stories: list[dict[str, Any]], read: Callable[[str], tuple[list[str], set[str]]],
          canon: Mapping[str, str]) -> dict[str, Any]:
    """The compiled bank: per example its infraction, penalty and text; an inverted index term ->
    ``[[example, weight], ...]``; the idf of every term. ``read`` gives a text's stems and its quiet stems."""
    bags = []
    for story in stories:
        stems, quiet = read(story["text"])
        bags.append(terms(stems, canon, quiet))
    df: Counter[str] = Counter()
    for bag in bags:
        df.update(bag.keys())
    total = max(1, len(bags))
    idf = {term: round(math.log(1.0 + total / count), 4) for term, count in df.items()}
    postings: dict[str, list[list[float]]] = {}
    for n, bag in enumerate(bags):
        for term, weight in _weights(bag, idf).items():
            postings.setdefault(term, []).append([n, round(weight, 5)])
    return {
        # The words told by at least two examples: a word of one example only may be one of its typos.
        "known": {t: df[t] for t in idf if df[t] >= 2 and " " not in t},
        "ipg": [s["ipg"] for s in stories],
        "penalty": [s["penalty"] for s in stories],
        "text": [s["text"] for s in stories],
        "kind": [s.get("kind", "") for s in stories],
        "source": [s.get("source", "") for s in stories],
        "idf": idf,
        "postings": postings,
    }


def similar(bank: Mapping[str, Any], stems: list[str], canon: Mapping[str, str], quiet: set[str],
            exclude: int | None = None) -> tuple[dict[str, float], dict[str, list[int]]]:
    """Per infraction, how much the description resembles its examples (0-1), and its closest examples
    (indexes in the bank, closest first). ``exclude`` leaves one example out (to measure the bank on
    itself, one example at a time)."""
    vector = _weights(terms(stems, canon, quiet), bank["idf"])
    if not vector:
        return {}, {}
    scores: dict[int, float] = {}
    postings = bank["postings"]
    for term, weight in vector.items():
        for n, other in postings.get(term, ()):
            if n == exclude:
                continue
            scores[int(n)] = scores.get(int(n), 0.0) + weight * other
    by_label: dict[str, list[tuple[float, int]]] = {}
    labels: list[str] = bank["ipg"]
    for n, score in scores.items():
        by_label.setdefault(labels[n], []).append((score, n))
    similarity: dict[str, float] = {}
    closest: dict[str, list[int]] = {}
    total = sum(BEST)
    for label, found in by_label.items():
        found.sort(key=lambda item: (-item[0], item[1]))
        best = found[:len(BEST)]
        similarity[label] = sum(w * s for w, (s, _n) in zip(BEST, best, strict=False)) / total
        closest[label] = [n for _s, n in best]
    return similarity, closest
