"""What every template family shares: the card being compiled, the context of one ability (what "it" names, its
one target), the template tables and the exception that says a text is beyond them.

A template is a regular expression over the normalised text (the card's own name written ``~``) and the function
that builds the format's data from its match. The function's docstring names the rule of the Comprehensive Rules
it implements (``CR 702.9``): :func:`template` reads it from there, so that every table entry says which rule it
follows.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Data = dict[str, Any]


class Unsupported(Exception):
    """The text is not one the templates can express fully: the line goes to ``unmodelled`` (never a guess)."""


@dataclass(frozen=True)
class Card:
    """The characteristics the compiler reads besides the text (CR 109.3)."""

    name: str
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()

    @property
    def is_spell_card(self) -> bool:
        """An instant or sorcery: its text is what it does as it resolves (CR 304.1, 307.1, 608.2)."""
        return bool({"Instant", "Sorcery"} & set(self.types))


@dataclass
class Ctx:
    """One ability being compiled.

    ``it`` is what "it" names when no other object has been named yet (the ability's source, the object a trigger
    is about, ``None`` for a spell); ``last`` is the latest object named (for "it", "that creature", "them");
    ``target`` the one target selector the format gives an ability (CR 115.1); ``becomes`` says that the latest
    effect gave new types, so that "It's still a land" may follow (CR 205.1b).
    """

    card: Card
    it: str | None = "self"
    last: Any = None
    target: Any = None
    divided: bool = False
    becomes: bool = False
    extras: Data = field(default_factory=dict)
    used: list[Template] = field(default_factory=list)

    def pronoun(self) -> Any:
        ref = self.last if self.last is not None else self.it
        if ref is None:
            raise Unsupported("pronoun without an antecedent")
        return ref

    def add_target(self, selector: Any) -> str:
        """Register the ability's target (CR 115.1): a second, different target is beyond the format."""
        if self.target is None:
            self.target = selector
        elif self.target != selector:
            raise Unsupported("more than one kind of target")
        return "target"

    def snapshot(self) -> Data:
        return {**copy.deepcopy({"last": self.last, "target": self.target, "divided": self.divided,
                                 "becomes": self.becomes, "extras": self.extras}), "used": list(self.used)}

    def restore(self, saved: Data) -> None:
        for key, value in saved.items():
            setattr(self, key, list(value) if key == "used" else copy.deepcopy(value))


Builder = Callable[..., Any]


@dataclass(frozen=True)
class Template:
    """One entry of a family's table: its name, the regular expression (matched whole, ignoring case), the
    function that builds the data, and the CR rule that function's docstring names."""

    family: str
    name: str
    regex: re.Pattern[str]
    build: Builder
    rule: str


_RULE_RE = re.compile(r"\bCR (\d{3}(?:\.\d+[a-z]?)?)")


def template(table: list[Template], family: str, pattern: str) -> Callable[[Builder], Builder]:
    """Add the decorated builder to ``table`` with ``pattern``; its docstring must name a CR rule."""

    def deco(fn: Builder) -> Builder:
        m = _RULE_RE.search(fn.__doc__ or "")
        if not m:
            raise ValueError(f"template {fn.__name__} does not name the CR rule it implements")
        table.append(Template(family, fn.__name__, re.compile(pattern, re.IGNORECASE), fn, m.group(1)))
        return fn

    return deco


def first_match(table: list[Template], text: str, *args: Any) -> tuple[Template, Any]:
    """The first template of ``table`` that matches all of ``text`` and builds without :class:`Unsupported`:
    the template and what it built. Raises :class:`Unsupported` when none does."""
    reasons = []
    ctxs = [a for a in args if isinstance(a, Ctx)]
    for tpl in table:
        m = tpl.regex.fullmatch(text)
        if not m:
            continue
        saved = [c.snapshot() for c in ctxs]
        try:
            built = tpl.build(m, *args)
            for c in ctxs:
                c.used.append(tpl)
            return tpl, built
        except Unsupported as exc:
            reasons.append(str(exc))
            for c, s in zip(ctxs, saved, strict=True):
                c.restore(s)
    raise Unsupported(reasons[0] if reasons else "no template matches")
