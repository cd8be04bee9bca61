"""Compare a described situation with the bank of example situations (``rules_it/policy/storie-*.yaml``).

The infraction an example situation is about is a fact of the IPG; the words it is told with are not. A
description that resembles several examples of one infraction (the same act, the same moment, the same
person acting) is probably about that infraction, whatever incidental words it shares with the names and
definitions of the others (IPG 1.1: the judge rules on what happened).

Each example and the description are read the same way: the stems of the content words (irregular forms
and synonyms of the lexicon folded into one stem per group), without the words that only tell the story
(who, where, which round), numbers, and names of cards and people; plus the pairs of consecutive stems.
Each term weighs ``(1 + log tf) * idf`` over the bank, and two measures are taken:

- **resemblance** (:func:`resemble`): vectors are compared by cosine, and an infraction's similarity is the
  weighted mean of its :data:`BEST` closest examples, so one lucky example decides less than several close
  ones;
- **likelihood**: every term of every example counts for its infraction (a multinomial naive Bayes over the
  term weights, smoothed by :data:`SMOOTHING`), so the words an infraction's examples share, spread over
  many of them, say which it is even when no single example is close.

The penalty of an example is the one of *that* situation (with the upgrades or downgrades it implies):
:func:`penalty_of` reads what the closest examples of the chosen infraction had (IPG 2.1, 3.5...).
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judgekit import italian

# The closest examples of one infraction that count, and the weight of each by rank.
BEST = (1.0, 0.6, 0.35)
# A pair of consecutive stems counts this much of a single stem.
BIGRAM_FACTOR = 0.6
# Additive smoothing of the likelihood (in units of term weight).
SMOOTHING = 0.05
# The closest examples of the chosen infraction whose penalties are weighed.
PENALTY_VOTERS = 3


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
    """The compiled bank: per example its infraction, penalty and text; an inverted index (each term's
    slice of the flat arrays of example numbers and weights); the idf of every term; per infraction the sum
    of each term's weights (the likelihood). ``read`` gives a text's stems and its quiet stems."""
    bags = []
    for story in stories:
        stems, quiet = read(story["text"])
        bags.append(terms(stems, canon, quiet))
    df: Counter[str] = Counter()
    for bag in bags:
        df.update(bag.keys())
    total = max(1, len(bags))
    idf = {term: round(math.log(1.0 + total / count), 4) for term, count in df.items()}
    postings: dict[str, list[tuple[int, float]]] = {}
    # Per infraction, the sum of each term's weight over its examples, and the sum of all of them.
    classes: dict[str, dict[str, float]] = {}
    mass: list[float] = []
    for n, bag in enumerate(bags):
        vector = _weights(bag, idf)
        label = classes.setdefault(stories[n]["ipg"], {})
        example_mass = 0.0
        for term, weight in vector.items():
            weight = round(weight, 5)
            postings.setdefault(term, []).append((n, weight))
            label[term] = round(label.get(term, 0.0) + weight, 5)
            example_mass += weight
        mass.append(round(example_mass, 5))
    # The postings as two flat arrays and each term's slice of them: a few large objects load much faster
    # from the cache than a list per pair.
    offsets: dict[str, tuple[int, int]] = {}
    ids = array("i")
    weights = array("d")
    for term, pairs in postings.items():
        offsets[term] = (len(ids), len(ids) + len(pairs))
        ids.extend(n for n, _w in pairs)
        weights.extend(w for _n, w in pairs)
    return {
        # The words told by at least two examples: a word of one example only may be one of its typos.
        "known": {t: df[t] for t in idf if df[t] >= 2 and " " not in t},
        "ipg": [s["ipg"] for s in stories],
        "penalty": [s["penalty"] for s in stories],
        "text": [s["text"] for s in stories],
        "kind": [s.get("kind", "") for s in stories],
        "source": [s.get("source", "") for s in stories],
        "idf": idf,
        "postings": offsets,
        "post_ids": ids,
        "post_weights": weights,
        "classes": classes,
        "class_mass": {label: round(sum(terms.values()), 5) for label, terms in classes.items()},
        "mass": mass,
    }


@dataclass
class Resemblance:
    """How a description compares with the bank: per infraction its resemblance (0-1), its closest examples
    (``(cosine, index)``, closest first) and its likelihood (0-1, summing to 1 over the infractions)."""

    similarity: dict[str, float] = field(default_factory=dict)
    closest: dict[str, list[tuple[float, int]]] = field(default_factory=dict)
    likelihood: dict[str, float] = field(default_factory=dict)


def resemble(bank: Mapping[str, Any], stems: list[str], canon: Mapping[str, str], quiet: set[str],
             exclude: int | None = None) -> Resemblance:
    """Compare a description (its stems) with the bank. ``exclude`` leaves one example out (to measure the
    bank on itself, one example at a time)."""
    vector = _weights(terms(stems, canon, quiet), bank["idf"])
    if not vector:
        return Resemblance()
    scores: dict[int, float] = {}
    for term, weight in vector.items():
        for n, other in _postings(bank, term):
            if n == exclude:
                continue
            scores[n] = scores.get(n, 0.0) + weight * other
    by_label: dict[str, list[tuple[float, int]]] = {}
    labels: list[str] = bank["ipg"]
    for n, score in scores.items():
        by_label.setdefault(labels[n], []).append((score, n))
    found = Resemblance()
    total = sum(BEST)
    for label, near in by_label.items():
        near.sort(key=lambda item: (-item[0], item[1]))
        best = near[:len(BEST)]
        found.similarity[label] = sum(w * s for w, (s, _n) in zip(BEST, best, strict=False)) / total
        found.closest[label] = best
    found.likelihood = _likelihood(bank, vector, exclude)
    return found


def _postings(bank: Mapping[str, Any], term: str) -> Iterable[tuple[int, float]]:
    """The examples that have ``term``, with its weight in each."""
    span = bank["postings"].get(term)
    if span is None:
        return ()
    start, end = span
    return zip(bank["post_ids"][start:end], bank["post_weights"][start:end], strict=True)


def _likelihood(bank: Mapping[str, Any], vector: Mapping[str, float], exclude: int | None) -> dict[str, float]:
    """Multinomial naive Bayes over the term weights: ``P(infraction | description)`` with equal priors."""
    classes: Mapping[str, Mapping[str, float]] = bank.get("classes") or {}
    if not classes:
        return {}
    size = max(1, len(bank["idf"]))
    left_label = bank["ipg"][exclude] if exclude is not None else None
    left: dict[str, float] = {}
    if left_label is not None:
        for term in vector:
            for n, weight in _postings(bank, term):
                if n == exclude:
                    left[term] = weight
    logs: dict[str, float] = {}
    for label, sums in classes.items():
        mass = bank["class_mass"][label]
        own = label == left_label
        if own:
            mass -= bank["mass"][exclude]
        denominator = math.log(mass + SMOOTHING * size)
        logs[label] = sum(weight * (math.log(sums.get(term, 0.0) - (left.get(term, 0.0) if own else 0.0)
                                             + SMOOTHING) - denominator)
                          for term, weight in vector.items())
    top = max(logs.values())
    odds = {label: math.exp(value - top) for label, value in logs.items()}
    total = sum(odds.values())
    return {label: value / total for label, value in odds.items()}


def penalty_of(bank: Mapping[str, Any], closest: list[tuple[float, int]], base: str) -> tuple[str, list[int]]:
    """The penalty the closest examples of the chosen infraction point to, and those examples. Each of the
    :data:`PENALTY_VOTERS` closest weighs its penalty by its cosine; another penalty than the infraction's
    ``base`` wins only with more weight than the base has (the examples that had it)."""
    votes: dict[str, float] = {}
    voters = closest[:PENALTY_VOTERS]
    for score, n in voters:
        penalty = bank["penalty"][n]
        votes[penalty] = votes.get(penalty, 0.0) + score
    if not votes:
        return base, []
    best = max(sorted(votes), key=lambda p: votes[p])
    if best == base or votes[best] <= votes.get(base, 0.0):
        return base, []
    return best, [n for _s, n in voters if bank["penalty"][n] == best]
