"""Oracle text -> the card fields of the scenario format, line by line.

Each line (one ability, CR 113.2) is tried by the template families in order: keywords, replacement effects,
triggered abilities, activated and mana abilities, static abilities (for an instant or a sorcery: keywords, then
the spell's effect). The first family that reads the whole line gives its data; the data is then checked with the
format's own models (:mod:`judgekit.scenario.models`): a line the format of this version does not accept yet
(a keyword or an operation it does not know) is unmodelled, like a line no template reads. Nothing is guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import judgekit.oracle.activated as activated
import judgekit.oracle.keywords as keywords
import judgekit.oracle.replacements as replacements
import judgekit.oracle.spells as spells
import judgekit.oracle.statics as statics
import judgekit.oracle.triggers as triggers
from judgekit.oracle.context import Card, Ctx, Data, Template, Unsupported
from judgekit.oracle.text import OracleLine, lines

NO_TEMPLATE = "no template reads this line"
# What a family says of a line that is not of its shape at all: a reason only when no family says more.
GENERIC = {"", "no template matches", "not a keyword line", "not a triggered ability", "not an activated ability",
           "more than one sentence", "a trigger condition no template reads"}

# The card fields the compiler writes, in the order a card file writes them.
FIELDS = ("keywords", "abilities", "effect", "target", "modes", "choose", "as_enters", "additional_cost")


@dataclass
class LineReport:
    """What became of one Oracle line: the templates that read it (with their CR rules), or why it is unmodelled."""

    oracle: str
    modelled: bool
    templates: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    reason: str | None = None

    def as_dict(self) -> Data:
        return {"oracle": self.oracle, "modelled": self.modelled, "templates": self.templates, "rules": self.rules,
                "reason": self.reason}


@dataclass
class Compiled:
    """The card fields made from the Oracle text (``fields``: what a hand-written card file would have) and a
    report per line."""

    fields: Data
    lines: list[LineReport]

    @property
    def modelled(self) -> list[str]:
        """The Oracle lines read whole by the templates."""
        return [line.oracle for line in self.lines if line.modelled]

    @property
    def unmodelled(self) -> list[str]:
        """The Oracle lines no template reads whole, or whose reading the format does not accept yet."""
        return [line.oracle for line in self.lines if not line.modelled]

    def as_dict(self) -> Data:
        return {**self.fields, "unmodelled": self.unmodelled}


Family = Callable[[OracleLine, Card], tuple[list[Template], Data]]


def _keywords(line: OracleLine, card: Card) -> tuple[list[Template], Data]:
    return keywords.compile_line(line, Ctx(card=card))


PERMANENT_FAMILIES: list[Family] = [_keywords, replacements.compile_line, triggers.compile_line,
                                    activated.compile_line, statics.compile_line]


def _merge(fields: Data, data: Data) -> Data:
    """``fields`` with a line's data added (lists extended, single values set once)."""
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in fields.items()}
    for key, value in data.items():
        if key in ("keywords", "abilities", "effect"):
            out[key] = [*out.get(key, []), *value]
        elif key in out and out[key] != value:
            raise Unsupported(f"a second {key}")
        else:
            out[key] = value
    return out


def _accepted(card: Card, fields: Data) -> str | None:
    """``None`` when the format's models accept the card with these fields; otherwise the first problem."""
    from judgekit.errors import InvalidFileError
    from judgekit.scenario.models import CardFile

    doc: Data = {"name": card.name or "card", **{k: list(v) for k, v in (("types", card.types),
                                                                          ("subtypes", card.subtypes),
                                                                          ("supertypes", card.supertypes)) if v}}
    doc.update(fields)
    from pydantic import ValidationError

    try:
        CardFile.model_validate(doc)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        return f"the format does not accept it ({where}: {first.get('msg', 'invalid')})"
    except (ValueError, InvalidFileError) as exc:
        return f"the format does not accept it ({exc})"
    return None


def _ordered(fields: Data) -> Data:
    return {k: fields[k] for k in FIELDS if k in fields and fields[k] not in (None, [])}


def compile_card(oracle: str, *, name: str, types: list[str] | tuple[str, ...] = (),
                 subtypes: list[str] | tuple[str, ...] = (),
                 supertypes: list[str] | tuple[str, ...] = ()) -> Compiled:
    """Compile a card's Oracle text (with its name and type line) into the scenario format's card fields."""
    card = Card(name=name, types=tuple(types), subtypes=tuple(subtypes), supertypes=tuple(supertypes))
    fields: Data = {}
    reports: list[LineReport] = []
    spell_ctx = Ctx(card=card, it=None)
    for line in lines(oracle, name):
        found: tuple[list[Template], Data] | None = None
        reason = NO_TEMPLATE
        families: list[Any] = [_keywords]
        if card.is_spell_card:
            families.append(lambda ln, c: spells.compile_line(ln, c, spell_ctx))
        else:
            families = list(PERMANENT_FAMILIES)
        for family in families:
            try:
                found = family(line, card)
                break
            except Unsupported as exc:
                if str(exc) not in GENERIC and reason == NO_TEMPLATE:
                    reason = str(exc)
        if found is None:
            parts = _sentences(line) if card.is_spell_card and not line.modes else []
            if len(parts) > 1:
                fields = _by_sentence(parts, card, spell_ctx, fields, reports)
            else:
                reports.append(LineReport(line.oracle, False, reason=reason))
            continue
        used, data = found
        try:
            merged = _merge(fields, data)
        except Unsupported as exc:
            reports.append(LineReport(line.oracle, False, reason=str(exc)))
            continue
        problem = _accepted(card, merged)
        if problem is not None:
            reports.append(LineReport(line.oracle, False, reason=problem))
            continue
        fields = merged
        names = list(dict.fromkeys(t.name for t in used))
        rules = list(dict.fromkeys(t.rule for t in used))
        reports.append(LineReport(line.oracle, True, templates=names, rules=rules))
    return Compiled(_ordered(fields), reports)


_SENTENCE_RE = re.compile(r'(?<=\.)\s+(?=[A-Z"])|,\s+then\s+')


def _sentences(line: OracleLine) -> list[OracleLine]:
    """The instructions of a spell's paragraph one by one (CR 608.2c: they are followed in the order written):
    sentences, and ``", then ..."`` read as a sentence of its own. Only outside quoted abilities; [] when the
    printed text and the text the templates read do not split alike."""
    if '"' in line.text:
        return []
    texts = [t.strip() for t in _SENTENCE_RE.split(line.text) if t.strip()]
    printed = [t.strip() for t in _SENTENCE_RE.split(line.oracle) if t.strip()]
    if len(texts) != len(printed):
        return []
    out = []
    for text, shown in zip(texts, printed, strict=True):
        text = text[0].upper() + text[1:]
        out.append(OracleLine(oracle=shown if shown.endswith(".") else shown + ".",
                              text=text if text.endswith(".") else text + "."))
    return out


def _by_sentence(parts: list[OracleLine], card: Card, ctx: Ctx, fields: Data, reports: list[LineReport]) -> Data:
    """A spell's paragraph no template reads whole, read one instruction at a time: each instruction a template
    reads joins the spell's effect; the others are unmodelled, each reported on its own. An instruction after
    one that stayed unmodelled is unmodelled too: it may depend on what the first one did."""
    failed = False
    for part in parts:
        if failed:
            reports.append(LineReport(part.oracle, False, reason="after an instruction that is not modelled"))
            continue
        try:
            used, data = spells.compile_line(part, card, ctx)
            merged = _merge(fields, data)
        except Unsupported as exc:
            reports.append(LineReport(part.oracle, False, reason=str(exc) or NO_TEMPLATE))
            failed = True
            continue
        problem = _accepted(card, merged)
        if problem is not None:
            reports.append(LineReport(part.oracle, False, reason=problem))
            failed = True
            continue
        fields = merged
        reports.append(LineReport(part.oracle, True, templates=list(dict.fromkeys(t.name for t in used)),
                                  rules=list(dict.fromkeys(t.rule for t in used))))
    return fields


def compile_card_data(card: Data) -> Compiled:
    """Compile the ``oracle`` of a card file's data (its name and type line read from the same data)."""
    return compile_card(str(card.get("oracle") or ""), name=str(card.get("name") or ""),
                        types=list(card.get("types") or []), subtypes=list(card.get("subtypes") or []),
                        supertypes=list(card.get("supertypes") or []))
