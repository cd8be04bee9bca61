"""Compile ``rules_it/glossary.yaml`` into the cache's ``glossary`` part, and look terms up in it.

The glossary pairs every game term with its Italian and English names. Entries that name a value of
the scenario format (keywords, card types, supertypes, subtypes, steps, zones, colours, counters) carry
it as ``canonical`` (``first_strike``, ``Creature``, ``declare_blockers``...), so that a scenario may
write the Italian term instead (``attacco_improvviso``, ``Creatura``): :func:`alias_map` gives the table
the scenario loader uses.

Compiling refuses, with the file and line of the offending entry:
- two entries with the same Italian name (compared folded, see :func:`fold`);
- two entries of one category with the same canonical value;
- a name or alias that would map to two different canonical values in one category.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from judgekit.compilecontext import CompileContext
from judgekit.errors import InvalidFileError, Issue

GLOSSARY_FILE = "glossary.yaml"

_SEPARATORS = re.compile(r"(?:[\s'’_]|(?<=[^\W\d_])-(?=[^\W\d_]))+")


def fold(term: str) -> str:
    """A term as a lookup key: lower case, accents removed, spaces/hyphens/apostrophes -> ``_``.

    ``"Attacco improvviso"`` -> ``attacco_improvviso``; ``"Rapidità"`` -> ``rapidita``;
    ``"anti-malocchio"`` -> ``anti_malocchio``; ``"+1/+1"`` and ``"-1/-1"`` stay as they are.
    """
    text = unicodedata.normalize("NFKD", term.strip().lower())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return _SEPARATORS.sub("_", text).strip("_")


def entry_names(entry: Mapping[str, Any]) -> list[str]:
    """Every name of an entry: Italian and English names and aliases, and its canonical value."""
    names = [entry["it"], entry["en"], *entry.get("aliases_it", []), *entry.get("aliases_en", [])]
    if entry.get("canonical"):
        names.append(entry["canonical"])
    return names


def alias_map(entries: Iterable[Mapping[str, Any]], category: str | Iterable[str]) -> dict[str, str]:
    """Folded Italian/English names and aliases -> canonical value, for the entries of ``category``.

    ``category`` is one category name or several. Only entries with a canonical value take part.
    Look a user's word up with ``alias_map(...).get(fold(word))``.
    """
    wanted = {category} if isinstance(category, str) else set(category)
    table: dict[str, str] = {}
    for entry in entries:
        canonical = entry.get("canonical")
        if entry.get("category") not in wanted or not canonical:
            continue
        for name in entry_names(entry):
            table.setdefault(fold(name), canonical)
    return table


def to_canonical(entries: Iterable[Mapping[str, Any]], category: str | Iterable[str], word: str) -> str | None:
    """The canonical value ``word`` stands for in ``category`` (Italian or English, any case), or None."""
    return alias_map(entries, category).get(fold(word))


def lookup(entries: Iterable[Mapping[str, Any]], word: str) -> list[dict[str, Any]]:
    """The entries one of whose names (in any language or category) folds like ``word``."""
    key = fold(word)
    return [dict(entry) for entry in entries if key in {fold(name) for name in entry_names(entry)}]


def _duplicates(entries: list[dict[str, Any]], line_of: Any, display: str) -> list[Issue]:
    """Issues for repeated Italian names, repeated canonical values and ambiguous aliases."""
    issues: list[Issue] = []
    seen_it: dict[str, int] = {}
    seen_canonical: dict[tuple[str, str], int] = {}
    seen_alias: dict[tuple[str, str], tuple[str, int]] = {}
    for i, entry in enumerate(entries):
        key = fold(entry["it"])
        if key in seen_it:
            first = seen_it[key]
            issues.append(Issue(display, line_of(("entries", i, "it")), f"entries[{i}].it",
                                f"termine italiano «{entry['it']}» ripetuto (già alla voce {first}, "
                                f"riga {line_of(('entries', first, 'it'))})"))
        else:
            seen_it[key] = i
        canonical = entry.get("canonical")
        if not canonical:
            continue
        ckey = (entry["category"], canonical)
        if ckey in seen_canonical:
            first = seen_canonical[ckey]
            issues.append(Issue(display, line_of(("entries", i, "canonical")), f"entries[{i}].canonical",
                                f"valore canonico «{canonical}» ripetuto nella categoria {entry['category']} "
                                f"(già alla voce {first}, riga {line_of(('entries', first, 'canonical'))})"))
            continue
        seen_canonical[ckey] = i
        for name in entry_names(entry):
            akey = (entry["category"], fold(name))
            other = seen_alias.get(akey)
            if other is not None and other[0] != canonical:
                issues.append(Issue(display, line_of(("entries", i)), f"entries[{i}]",
                                    f"il nome «{name}» indica sia «{other[0]}» (voce {other[1]}) sia "
                                    f"«{canonical}» nella categoria {entry['category']}"))
            elif other is None:
                seen_alias[akey] = (canonical, i)
    return issues


def compile_glossary(ctx: CompileContext) -> list[dict[str, Any]]:
    """Validate ``rules_it/glossary.yaml`` (:class:`GlossaryFile`) and return its entries as plain dicts."""
    from judgekit.corpus.models import GlossaryFile
    from judgekit.validation import validate_doc
    from judgekit.yamlio import load_yaml

    entries: list[dict[str, Any]] = []
    for path in ctx.yaml_files(GLOSSARY_FILE):
        display = ctx.display(path)
        doc = load_yaml(path, name=display)
        model = validate_doc(GlossaryFile, doc)
        found = [entry.model_dump() for entry in model.entries]
        issues = _duplicates(found, doc.line_of, display)
        if issues:
            raise InvalidFileError(issues)
        entries.extend(found)
    return entries


def validate_file(path: Path) -> list[Issue]:
    """Every problem of a glossary file (used by ``judgekit check``)."""
    from judgekit.corpus.models import GlossaryFile
    from judgekit.paths import display_path
    from judgekit.validation import validate_doc
    from judgekit.yamlio import load_yaml

    try:
        doc = load_yaml(path, name=display_path(path))
        model = validate_doc(GlossaryFile, doc)
    except InvalidFileError as exc:
        return list(exc.issues)
    return _duplicates([entry.model_dump() for entry in model.entries], doc.line_of, doc.name)
