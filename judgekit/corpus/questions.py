"""Compile ``rules_it/domande`` (typical questions) into the cache's ``questions`` part.

Players rarely ask with the words of the rule that answers them: they name cards, tell what happened at
the table and use jargon. Each file of ``rules_it/domande`` lists, for an entry of the corpus (a CR rule
or section, an IPG infraction or section, an MTR section, a JAR case), questions the way people ask
them, written by the project in its own Italian::

    entries:
      - ref: "cr:702.19b"
        questions:
          - "quanto danno passa al giocatore se la mia creatura con travolgere viene bloccata?"

The search index puts them in the entry's ``questions`` field (see :mod:`judgekit.search.index`), so a
question asked in those words finds the rule. They are data for the ranking, never shown as the rule.

Compiling refuses, with file, line and key: a file that is not ``{entries: [...]}``, a ``ref`` that
names no entry of the rules or policy parts, an empty question. The part is ``{ref: [questions...]}``
(a ref listed twice, in one file or in two, gathers the questions of both).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judgekit.compilecontext import CompileContext
from judgekit.errors import InvalidFileError, Issue, JudgekitError

QUESTIONS_DIR = "domande"


def known_refs(parts: dict[str, Any]) -> set[str]:
    """Every ``doc:id`` a question may be attached to: CR rules and sections, policy entries."""
    refs: set[str] = set()
    rules_part = parts.get("rules")
    if isinstance(rules_part, dict):
        refs.update(f"cr:{rid}" for rid in rules_part.get("rules") or {})
        refs.update(f"cr:{sec}" for sec in rules_part.get("sections") or {})
    policy = parts.get("policy")
    if isinstance(policy, dict):
        refs.update(f"{d.get('doc')}:{d.get('id')}" for d in policy.get("search_docs") or [])
    return refs


def _load(path: Path, display: str, known: set[str] | None) -> tuple[list[tuple[str, list[str]]], list[Issue]]:
    from judgekit.corpus.models import QuestionsFile
    from judgekit.validation import validate_doc
    from judgekit.yamlio import load_yaml

    doc = load_yaml(path, name=display)
    model = validate_doc(QuestionsFile, doc)
    issues: list[Issue] = []
    found: list[tuple[str, list[str]]] = []
    for i, entry in enumerate(model.entries):
        if known is not None and entry.ref not in known:
            issues.append(Issue(display, doc.line_of(("entries", i, "ref")), f"entries[{i}].ref",
                                f"«{entry.ref}» non è una voce del corpus (regola, sezione o voce di IPG, MTR, JAR)"))
        texts = []
        for j, text in enumerate(entry.questions):
            if not text.strip():
                issues.append(Issue(display, doc.line_of(("entries", i, "questions", j)),
                                    f"entries[{i}].questions[{j}]", "domanda vuota"))
            else:
                texts.append(" ".join(text.split()))
        found.append((entry.ref, texts))
    return found, issues


def compile_questions(ctx: CompileContext) -> dict[str, list[str]]:
    """Validate every file of ``rules_it/domande`` against the compiled rules and policy parts."""
    known = known_refs(ctx.parts)
    out: dict[str, list[str]] = {}
    issues: list[Issue] = []
    for path in ctx.yaml_files(QUESTIONS_DIR):
        found, problems = _load(path, ctx.display(path), known)
        issues += problems
        for ref, texts in found:
            bucket = out.setdefault(ref, [])
            bucket += [t for t in texts if t not in bucket]
    if issues:
        raise InvalidFileError(issues)
    return out


def validate_file(path: Path) -> list[Issue]:
    """Every problem of one questions file (for ``judgekit check``): its shape, and its refs when the
    compiled corpus can be read."""
    from judgekit.paths import display_path

    known: set[str] | None
    try:
        from judgekit import cache

        corpus = cache.corpus()
        known = known_refs({"rules": corpus["rules"], "policy": corpus["policy"]})
    except JudgekitError:  # a broken corpus is reported by its own files: check the shape only
        known = None
    try:
        _found, issues = _load(path, display_path(path), known)
    except InvalidFileError as exc:
        return list(exc.issues)
    return issues
