"""Compile ``rules_it/cr`` and ``rules_it/sintesi`` into the cache's ``rules`` part, and validate data files.

The rules part is plain picklable data (see :func:`compile_rules`): every rule and subrule in CR order,
its current text, examples, cross-references, source and history, plus the English text of the
official Comprehensive Rules when the user imported them (``judgekit import-cr``).

:func:`validate_file` is what ``judgekit check`` calls for every file of ``rules_it`` except the policy
documents: it dispatches by path to the right model and reports every problem as an :class:`Issue`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from judgekit.compilecontext import CompileContext
from judgekit.corpus import ids
from judgekit.errors import FileAccessError, InvalidFileError, Issue
from judgekit.fileio import read_bytes
from judgekit.yamlio import MAX_BYTES, YamlDoc, load_yaml

IMPORT_FILE = "cr_en.yaml"
TITLE_WORDS = 8

_KIND_DIRS = ("cr", "sintesi")
_QUOTED_TITLE = re.compile(r"(\d{3}(?:\.\d+[a-z]?)?)\.?,?\s*[“\"«]([^”\"»]{3,80})[”\"»]")


# --------------------------------------------------------------------------- helpers

def first_words(text: str, count: int = TITLE_WORDS) -> str:
    """The first words of a rule text, used as its title when it has none."""
    words = text.split()
    if len(words) <= count:
        return " ".join(words).rstrip(".:;,")
    return " ".join(words[:count]).rstrip(".:;,") + "…"


def quoted_titles(text: str, refs: list[str]) -> dict[str, str]:
    """Titles the text itself gives to the rules it cites: ``regola 603, “Gestione delle Abilità Innescate”``.

    One pass over the text (never one search per reference), the first title of each cited rule.
    """
    wanted = set(refs)
    found: dict[str, str] = {}
    if not wanted or not any(q in text for q in "“\"«"):
        return found
    for match in _QUOTED_TITLE.finditer(text):
        if match.group(1) in wanted:
            found.setdefault(match.group(1), match.group(2).strip().rstrip(".,"))
    return found


def _source_dict(source: Any) -> dict[str, Any]:
    return {"document": source.document, "label": source.label,
            "date": source.date.isoformat() if source.date else None}


def _rel_parts(path: Path) -> tuple[str, ...]:
    """The parts of ``path`` below its ``rules_it`` folder (empty when it is not inside one).

    The rules folder in use (``JUDGEKIT_RULES_DIR``) counts whatever its name.
    """
    from judgekit.paths import rules_dir

    try:
        return path.resolve().relative_to(rules_dir().resolve()).parts
    except (ValueError, RuntimeError, OSError):
        pass
    parts = path.resolve().parts
    if "rules_it" not in parts:
        return ()
    idx = len(parts) - 1 - parts[::-1].index("rules_it")
    return parts[idx + 1:]


def _display(path: Path) -> str:
    from judgekit.paths import display_path

    return display_path(path)


# --------------------------------------------------------------------------- one file

def _rules_of(doc: YamlDoc) -> list[tuple[int, dict[str, Any]]]:
    data = doc.data if isinstance(doc.data, dict) else {}
    rules = data.get("rules")
    if not isinstance(rules, list):
        return []
    return [(i, r) for i, r in enumerate(rules) if isinstance(r, dict)]


def _rule_file_issues(doc: YamlDoc, path: Path, kind_dir: str) -> list[Issue]:
    """Checks a model cannot express: ids in their section, sources defined, no repeats, kinds by folder.

    Works on the raw data, so that it can report together with the model's own problems.
    """
    issues: list[Issue] = []
    data = doc.data if isinstance(doc.data, dict) else {}
    section = str(data.get("section", ""))
    raw_sources = data.get("sources")
    sources: dict[str, Any] = raw_sources if isinstance(raw_sources, dict) else {}
    if kind_dir == "cr" and section and path.stem != section:
        issues.append(doc.issue(("section",), f"la sezione «{section}» non corrisponde al nome del file "
                                              f"«{path.name}» (atteso {path.stem})"))
    seen: dict[str, int] = {}
    for i, rule in _rules_of(doc):
        loc: tuple[str | int, ...] = ("rules", i)
        rid = str(rule.get("id", ""))
        if rid and section and ids.is_id(rid) and ids.section_of(rid) != section:
            issues.append(doc.issue((*loc, "id"), f"la regola {rid} non appartiene alla sezione {section}"))
        if rid in seen:
            issues.append(doc.issue((*loc, "id"), f"regola {rid} ripetuta (già in rules[{seen[rid]}])"))
        seen.setdefault(rid, i)
        source = rule.get("source")
        if isinstance(source, str) and source not in sources:
            issues.append(doc.issue((*loc, "source"), f"fonte «{source}» non definita in «sources» "
                                                      f"(definite: {', '.join(sources) or 'nessuna'})"))
        kind = rule.get("kind")
        if kind_dir == "sintesi" and kind is not None and kind != "sintesi":
            issues.append(doc.issue((*loc, "kind"), "in rules_it/sintesi le regole sono «kind: sintesi», "
                                                    "mai testo ufficiale"))
        if kind_dir == "cr" and kind is not None and kind != "cr":
            issues.append(doc.issue((*loc, "kind"), "in rules_it/cr ci sono solo regole ufficiali (kind: cr); "
                                                    "le sintesi vanno in rules_it/sintesi"))
        history = rule.get("history")
        for j, version in enumerate(history if isinstance(history, list) else []):
            vsource = version.get("source") if isinstance(version, dict) else None
            if isinstance(vsource, str) and vsource not in sources:
                issues.append(doc.issue((*loc, "history", j, "source"),
                                        f"fonte «{vsource}» non definita in «sources»"))
    return issues


def _ref_issues(doc: YamlDoc, known: set[str], complete: set[str]) -> list[Issue]:
    """Cross-references to a rule of a section the corpus holds in full that does not exist."""
    issues: list[Issue] = []
    for i, rule in _rules_of(doc):
        if rule.get("status") == "superseded":
            continue
        texts: list[tuple[tuple[str | int, ...], Any]] = [(("text",), rule.get("text"))]
        examples = rule.get("examples")
        texts += [(("examples", k), ex) for k, ex in enumerate(examples if isinstance(examples, list) else [])]
        for where, text in texts:
            if not isinstance(text, str):
                continue
            for ref in ids.find_refs(text):
                if ids.section_of(ref) in complete and "." in ref and ref not in known:
                    issues.append(doc.issue(("rules", i, *where),
                                            f"rimando alla regola {ref}, che non esiste nel corpus "
                                            f"(la sezione {ids.section_of(ref)} è completa)"))
    return issues


def _model_for(path: Path) -> tuple[Any, str]:
    """The model of a ``rules_it`` file and its kind, chosen by where the file lives."""
    from judgekit.corpus import models

    rel = _rel_parts(path)
    top = rel[0] if rel else ""
    if top == "cr" and path.name == "sections.yaml":
        return models.SectionIndex, "sections"
    if top in _KIND_DIRS:
        return models.RuleFile, top
    if top == "glossary.yaml" or (not rel and path.name == "glossary.yaml"):
        return models.GlossaryFile, "glossary"
    if top == "manual":
        return models.ManualSection, "manual"
    if not rel:
        return models.RuleFile, "cr"
    raise InvalidFileError([Issue(_display(path), None, "",
                                  "file non previsto in rules_it (ammessi: cr/, sintesi/, glossary.yaml, manual/, "
                                  "policy/, studio/)")])


def _load(path: Path, name: str) -> tuple[YamlDoc, Any, str]:
    """Load and validate one file; raise InvalidFileError with every issue found."""
    from judgekit.validation import validate_doc

    model_cls, kind = _model_for(path)
    doc = load_yaml(path, name=name)
    if doc.data is None:
        raise InvalidFileError([Issue(name, None, "", "file vuoto")])
    issues = _rule_file_issues(doc, path, kind) if kind in _KIND_DIRS else []
    try:
        model = validate_doc(model_cls, doc)
    except InvalidFileError as exc:
        raise InvalidFileError([*exc.issues, *issues]) from None
    if issues:
        raise InvalidFileError(issues)
    return doc, model, kind


_sibling_cache: dict[Path, set[str]] = {}


def _sibling_ids(folder: Path) -> set[str]:
    """Every rule id in the YAML files of ``folder`` (a quick read, no validation)."""
    import yaml

    if folder in _sibling_cache:
        return _sibling_cache[folder]
    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    found: set[str] = set()
    for path in sorted(folder.glob("*.yaml")):
        try:
            data = yaml.load(read_bytes(path, MAX_BYTES).decode("utf-8-sig"), Loader=loader)  # noqa: S506 - safe
        except (FileAccessError, UnicodeDecodeError, yaml.YAMLError):
            continue
        if isinstance(data, dict) and isinstance(data.get("rules"), list):
            found.update(str(r["id"]) for r in data["rules"] if isinstance(r, dict) and "id" in r)
    _sibling_cache[folder] = found
    return found


def validate_file(path: Path) -> list[Issue]:
    """Every problem of one ``rules_it`` file (rules, sintesi, glossary, textbook section), as issues."""
    rel = _rel_parts(path)
    if rel[:1] == ("manual",):
        from judgekit.corpus import manual

        return manual.validate_file(path)
    if rel[:1] == ("domande",):
        from judgekit.corpus import questions

        return questions.validate_file(path)
    if path.name == "glossary.yaml":
        from judgekit.corpus import glossary

        return glossary.validate_file(path)
    name = _display(path)
    try:
        _model_for(path)
        doc = load_yaml(path, name=name)
    except InvalidFileError as exc:
        return list(exc.issues)
    issues: list[Issue] = []
    try:
        _load(path, name)
    except InvalidFileError as exc:
        issues.extend(exc.issues)
    if (rel[:1] == ("cr",) or not rel) and path.name != "sections.yaml" and isinstance(doc.data, dict):
        own = {str(r.get("id")) for _i, r in _rules_of(doc)}
        issues.extend(_ref_issues(doc, _sibling_ids(path.parent) | own, {str(doc.data.get("section"))}))
    return issues


# --------------------------------------------------------------------------- the rules part

def _rule_dict(rule: Any, model: Any, kind: str, section_title: str) -> dict[str, Any]:
    sources = model.sources
    history = []
    for version in rule.history:
        history.append({
            "id": version.id or rule.id,
            "text": version.text,
            "examples": list(version.examples),
            "source": _source_dict(sources[version.source]) if version.source in sources else None,
            "status": version.status,
            "change": version.change,
        })
    refs: list[str] = []
    for text in (rule.text, *rule.examples):
        for ref in ids.find_refs(text):
            if ref not in refs and ref != rule.id:
                refs.append(ref)
    return {
        "id": rule.id,
        "ref_titles": quoted_titles(" ".join((rule.text, *rule.examples)), refs),
        "section": model.section,
        "section_title": section_title,
        "title": rule.title or first_words(rule.text),
        "own_title": bool(rule.title),
        "text": rule.text,
        "examples": list(rule.examples),
        "kind": "sintesi" if kind == "sintesi" else rule.kind,
        "status": rule.status,
        "language": model.language,
        "source": _source_dict(sources[rule.source]),
        "refs": refs,
        "unlinkable": [],
        "parent": None,
        "children": [],
        "note": rule.note,
        "fixes": list(rule.fixes),
        "history": history,
        "text_en": None,
        "examples_en": [],
    }


def _load_import(user_dir: Path) -> Any | None:
    """The user's imported English CR (``cr_en.yaml``), validated; None when there is none."""
    import yaml

    from judgekit.corpus.models import ImportedRules

    path = user_dir / IMPORT_FILE
    if not path.is_file():
        return None
    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    name = str(path)
    try:
        data = yaml.load(read_bytes(path).decode("utf-8"), Loader=loader)  # noqa: S506 - safe loader
    except (FileAccessError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise InvalidFileError([Issue(name, None, "", f"regolamento importato illeggibile ({exc}); "
                                                      "ripeti judgekit import-cr FILE")]) from None
    from pydantic import ValidationError

    try:
        return ImportedRules.model_validate(data)
    except ValidationError as exc:
        raise InvalidFileError([Issue(name, None, "", f"regolamento importato non valido ({exc.error_count()} "
                                                      "errori); ripeti judgekit import-cr FILE")]) from None


def _merge_import(rules: dict[str, dict[str, Any]], sections: dict[str, str], imported: Any) -> dict[str, Any]:
    """Add the English text to Italian rules with the same id; English-only rules get language ``en``."""
    date = imported.effective_date.isoformat() if imported.effective_date else None
    source = {"document": imported.document, "label": "Comprehensive Rules ufficiali in inglese (importate)",
              "date": date}
    for sec, title in imported.sections.items():
        sections.setdefault(sec, title)
    for item in imported.rules:
        existing = rules.get(item.id)
        if existing is not None:
            existing["text_en"] = item.text
            existing["examples_en"] = list(item.examples)
            continue
        refs = [r for text in (item.text, *item.examples) for r in ids.find_refs(text) if r != item.id]
        rules[item.id] = {
            "id": item.id, "section": ids.section_of(item.id), "section_title": "",
            "title": first_words(item.text), "own_title": False, "text": item.text, "examples": list(item.examples),
            "kind": "cr", "status": "current", "language": "en", "source": dict(source),
            "refs": list(dict.fromkeys(refs)),
            "ref_titles": quoted_titles(" ".join((item.text, *item.examples)), list(dict.fromkeys(refs))),
            "unlinkable": [], "parent": None, "children": [],
            "note": None, "fixes": [], "history": [], "text_en": item.text, "examples_en": list(item.examples),
        }
    return {"document": imported.document, "effective_date": date, "imported": imported.imported,
            "rules": len(imported.rules), "glossary": len(imported.glossary)}


def _link(rules: dict[str, dict[str, Any]], sections: dict[str, str]) -> list[str]:
    """CR order, parents, children, section titles and which cross-references can be followed."""
    order = sorted(rules, key=ids.sort_key)
    for rid in order:
        rule = rules[rid]
        if not rule["section_title"]:
            rule["section_title"] = sections.get(rule["section"], "")
        parent = ids.parent_of(rid)
        while parent is not None and parent not in rules:
            parent = ids.parent_of(parent)
        rule["parent"] = parent
        if parent is not None:
            rules[parent]["children"].append(rid)
    for rule in rules.values():
        rule["unlinkable"] = [r for r in rule["refs"] if r not in rules and r not in sections]
    return order


def compile_rules(ctx: CompileContext) -> dict[str, Any]:
    """Validate every rules file and build the rules part; raise InvalidFileError listing all problems."""
    issues: list[Issue] = []
    loaded: list[tuple[YamlDoc, Any, str]] = []
    index = None
    for kind_dir in _KIND_DIRS:
        for path in ctx.yaml_files(kind_dir):
            try:
                doc, model, kind = _load(path, ctx.display(path))
            except InvalidFileError as exc:
                issues.extend(exc.issues)
                continue
            if kind == "sections":
                index = model
            else:
                loaded.append((doc, model, kind_dir))
    sections: dict[str, str] = dict(index.sections) if index is not None else {}
    chapters: dict[str, str] = dict(index.chapters) if index is not None else {}
    for _doc, model, kind in loaded:
        if kind == "cr" or model.section not in sections:
            sections[model.section] = model.title
    rules: dict[str, dict[str, Any]] = {}
    where: dict[str, str] = {}
    section_notes: dict[str, str] = {}
    complete: set[str] = set()
    for doc, model, kind in loaded:
        if kind == "cr":
            complete.add(model.section)
        if model.note:
            section_notes.setdefault(model.section, model.note)
        for i, rule in enumerate(model.rules):
            if rule.id in rules:
                issues.append(doc.issue(("rules", i, "id"), f"regola {rule.id} già definita in {where[rule.id]}"))
                continue
            rules[rule.id] = _rule_dict(rule, model, kind, sections.get(model.section, model.title))
            where[rule.id] = doc.name
    known = set(rules)
    for doc, _model, _kind in loaded:
        issues.extend(_ref_issues(doc, known, complete))
    if issues:
        raise InvalidFileError(issues)
    imported = _load_import(ctx.user_dir)
    import_info = _merge_import(rules, sections, imported) if imported is not None else None
    order = _link(rules, sections)
    return {
        "rules": rules,
        "order": order,
        "sections": dict(sorted(sections.items())),
        "chapters": chapters,
        "section_notes": section_notes,
        "complete_sections": sorted(complete),
        "import": import_info,
    }


def rule_ids(files: Iterable[Path]) -> set[str]:
    """Ids of the rules in ``files`` (validated), for tools and tests."""
    found: set[str] = set()
    for path in files:
        _doc, model, kind = _load(path, str(path))
        if kind in _KIND_DIRS:
            found.update(r.id for r in model.rules)
    return found
