"""Compact authoring (SCENARIO-FORMAT.md 2.1): card shorthand, automatic ids and references by name.

The loader (:mod:`judgekit.scenario.loader`) uses these pieces after validation and before checking references:

- :func:`shorthand` reads a zone list's string (``"Grizzly Bears"``, ``"3 Grizzly Bears"``);
- :class:`IdAllocator` hands out automatic ids (the slug of a name, then ``-2``, ``-3``...);
- :class:`NameResolver` turns every reference written as a name into the id of the one object that has it, so
  that the rules core and ``final.objects`` only ever see ids.

Names compare ignoring case, accents and the difference between ``'`` and ``’`` (:func:`name_key`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from judgekit.engine.objects import slug
from judgekit.engine.vocab import RESERVED_WORDS
from judgekit.scenario.terms import fold
from judgekit.yamlio import Loc

__all__ = ["RESERVED", "IdAllocator", "NameResolver", "name_key", "shorthand", "slug"]

# Reserved words of version 1 and those version 2 adds: never an id or a player name, never read as a name.
RESERVED = frozenset(RESERVED_WORDS | {
    "legend_rule", "replacement_order", "discard", "sacrifice", "event_object", "event_player", "created",
    "trigger_spell", "chosen", "shuffle", "paid", "defending_player", "any"})

# How many objects one ``"N Name"`` string may stand for.
MAX_SHORTHAND_COUNT = 100
_COUNT = re.compile(r"^(\d+) (\S.*)$")


def name_key(text: str) -> str:
    """A name as a lookup key: lower case, accents removed, ``’`` read as ``'``, spaces collapsed."""
    text = unicodedata.normalize("NFKD", text.replace("\u2019", "'").casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.split())


def shorthand(text: str, cards_dir: Path | None) -> tuple[int, str]:
    """How many objects a zone list's string stands for, and the card name (SCENARIO-FORMAT.md 2.1).

    ``"3 Grizzly Bears"`` is three Grizzly Bears: a whole number, one space, a name. A string that is itself a
    name of the library is never read as a count. Whether the name is in the library is checked by the
    caller (with suggestions); a count outside 1..100 raises ``ValueError``."""
    from judgekit.scenario import cards

    index = cards.library(cards_dir).index
    if fold(text) in index:
        return 1, text
    match = _COUNT.match(text)
    if match is None:
        return 1, text
    count = int(match.group(1))
    if not 1 <= count <= MAX_SHORTHAND_COUNT:
        raise ValueError(f"«{text}»: il numero di copie deve essere tra 1 e {MAX_SHORTHAND_COUNT}")
    return count, match.group(2)


class IdAllocator:
    """Automatic ids (SCENARIO-FORMAT.md 2.1): the slug if it is free, else the slug with the smallest free
    suffix ``-2``, ``-3``... Ids already handed out, player names and reserved words are not free (compared
    ignoring case)."""

    def __init__(self, players: Iterable[str]) -> None:
        self.taken: set[str] = {p.casefold() for p in players} | {w.casefold() for w in RESERVED}

    def take(self, oid: str) -> None:
        """An id written in the file."""
        self.taken.add(oid.casefold())

    def auto(self, name: str) -> str:
        base = slug(name) or "object"
        candidate, n = base, 1
        while candidate.casefold() in self.taken:
            n += 1
            candidate = f"{base}-{n}"
        self.taken.add(candidate.casefold())
        return candidate


# Keys whose value names objects (a string or a list of them) or is a selector that may hold such lists.
REF_KEYS = frozenset({
    "to", "affects", "of", "target", "targets", "count", "from", "copy_of", "fight", "attached_to", "power_of",
    "toughness_of", "mana_value_of", "counters_on", "controller_of", "owner_of", "excess_to", "attach", "source_id",
    "select", "sacrifice", "tap_untapped", "exile_from_graveyard", "for", "by", "under"})
# Under these keys, ``to`` and ``from`` are not references (a colour or land type word, a zone).
_NOT_REFS = {"text_change": {"from", "to"}, "then": {"to"}, "search_library": {"to"}}
# Reserved ``choices`` keys: a list of ids, or a mapping from player to a list of ids (2.2).
CHOICE_LISTS = ("legend_rule", "replacement_order")
CHOICE_BY_PLAYER = ("discard", "sacrifice", "shuffle", "apnap_order")


class NameResolver:
    """References by name (SCENARIO-FORMAT.md 2.1): a string is an object id, else a player name, else the name
    of exactly one object the file defines. A name that fits two or more objects is reported (``report``)
    with their ids and left as written; anything else unknown is left as written for the reference checks."""

    def __init__(self, ids: Iterable[str], players: Iterable[str], report: Callable[[Loc, str], None]) -> None:
        self.ids = set(ids)
        self.players = set(players)
        self.report = report
        self.by_name: dict[str, list[str]] = {}
        self.ambiguous: set[str] = set()

    def add_names(self, oid: str, names: Iterable[str | None]) -> None:
        """The names of one object: its ``name`` as written, its card's English and Italian names."""
        for key in {name_key(n) for n in names if isinstance(n, str) and n.strip()}:
            found = self.by_name.setdefault(key, [])
            if oid not in found:
                found.append(oid)

    def lookup(self, ref: str) -> list[str]:
        """Ids of the objects that have this name."""
        return list(self.by_name.get(name_key(ref), []))

    def ref(self, value: Any, loc: Loc) -> Any:
        """One reference: the id it names, or the value unchanged."""
        if not isinstance(value, str) or value in self.ids or value in self.players:
            return value
        if value.casefold() in RESERVED:
            return value
        hits = self.lookup(value)
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            self.ambiguous.add(value)
            self.report(loc, f"il nome «{value}» indica più oggetti ({', '.join(hits)}): usa uno di questi id")
        return value

    def refs(self, value: Any, loc: Loc) -> Any:
        """A reference or a list of references."""
        if isinstance(value, list):
            return [self.ref(v, (*loc, i)) for i, v in enumerate(value)]
        return self.ref(value, loc)

    def keys(self, mapping: dict[str, Any], loc: Loc,
             values: Callable[[Any, Loc], Any] | None = None) -> dict[str, Any]:
        """A mapping whose keys are references (and, with ``values``, whose values are rewritten too)."""
        out: dict[str, Any] = {}
        for key, value in mapping.items():
            new = self.ref(key, (*loc, key))
            if new in out:
                self.report((*loc, key), f"«{key}» indica lo stesso oggetto di un'altra chiave ({new})")
                continue
            out[new] = values(value, (*loc, key)) if values is not None else value
        return out

    # -- structures ---------------------------------------------------------------------------------------
    def tree(self, node: Any, loc: Loc, parent: str | None = None) -> Any:
        """A copy of ``node`` (an object, an ability, an effect entry, a selector) with its references as ids."""
        if isinstance(node, list):
            return [self.tree(v, (*loc, i), parent) for i, v in enumerate(node)]
        if not isinstance(node, dict):
            return node
        out: dict[Any, Any] = {}
        skip = _NOT_REFS.get(parent or "", set())
        for key, value in node.items():
            at = (*loc, key)
            if key in REF_KEYS and key not in skip:
                if isinstance(value, str):
                    value = self.ref(value, at)
                elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                    value = self.refs(value, at)
            out[key] = self.tree(value, at, str(key))
        return out

    def action(self, kind: str, body: Any, loc: Loc) -> Any:
        """The references of one action (its ``object``, ``source``, targets, declarations, cost choices)."""
        at = (*loc, kind)
        if kind in ("cast", "activate", "play_land") and isinstance(body, dict):
            out = dict(body)
            for key in ("object", "source"):
                if isinstance(out.get(key), str):
                    out[key] = self.ref(out[key], (*at, key))
            for key in ("targets", "tap", "sacrifice", "discard", "exile"):
                if isinstance(out.get(key), (str, list)):
                    out[key] = self.refs(out[key], (*at, key))
            if isinstance(out.get("divide"), dict):
                out["divide"] = self.keys(out["divide"], (*at, "divide"))
            return out
        if kind in ("declare_attackers", "declare_blockers") and isinstance(body, dict):
            return self.keys(body, at, self.refs)
        if kind == "declare_attackers" and isinstance(body, list):
            return self.refs(body, at)
        if kind == "assign_damage" and isinstance(body, dict):
            return self.keys(body, at, lambda v, vloc: self.keys(v, vloc) if isinstance(v, dict) else v)
        if kind == "check" and isinstance(body, dict):
            return self.expect(body, at)
        return body

    def expect(self, body: dict[str, Any], loc: Loc) -> dict[str, Any]:
        """``expect`` (and a ``check`` action): its ``objects`` keys, their ``attached_to``, ``counts`` selectors."""
        out = dict(body)
        if isinstance(out.get("objects"), dict):
            def fields(value: Any, vloc: Loc) -> Any:
                if isinstance(value, dict) and isinstance(value.get("attached_to"), str):
                    return {**value, "attached_to": self.ref(value["attached_to"], (*vloc, "attached_to"))}
                return value
            out["objects"] = self.keys(out["objects"], (*loc, "objects"), fields)
        if isinstance(out.get("counts"), list):
            out["counts"] = self.tree(out["counts"], (*loc, "counts"))
        return out

    def choices(self, choices: dict[str, Any], loc: Loc = ("choices",)) -> dict[str, Any]:
        """``choices`` with names as ids, before they are checked: the keys; bare values and list items; in a
        mapping ANSWER its ``targets``, ``choose`` and the keys of ``divide``; the reserved keys' ids. Shapes
        not known here are left as they are."""
        out: dict[str, Any] = {}
        for key, value in choices.items():
            at = (*loc, key)
            if key in CHOICE_LISTS:
                out[key] = self.refs(value, at) if isinstance(value, list) else value
                continue
            if key in CHOICE_BY_PLAYER:
                if isinstance(value, dict):
                    value = {p: self.refs(v, (*at, p)) if isinstance(v, list) else v for p, v in value.items()}
                out[key] = value
                continue
            new = self.ref(key, at)
            if new in out:
                self.report(at, f"«{key}» indica lo stesso oggetto di un'altra chiave ({new})")
                continue
            out[new] = self._answers(value, at)
        return out

    def _answers(self, value: Any, loc: Loc) -> Any:
        if isinstance(value, list):
            return [self._answer(v, (*loc, i)) for i, v in enumerate(value)]
        return self._answer(value, loc)

    def _answer(self, value: Any, loc: Loc) -> Any:
        if isinstance(value, str):
            return self.ref(value, loc)
        if not isinstance(value, dict):
            return value
        out = dict(value)
        for key in ("targets", "choose"):
            if isinstance(out.get(key), (str, list)):
                out[key] = self.refs(out[key], (*loc, key))
        if isinstance(out.get("divide"), dict):
            out["divide"] = self.keys(out["divide"], (*loc, "divide"))
        return out
