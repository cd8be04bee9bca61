"""``judgekit import-cr``: read the official English Comprehensive Rules text file.

The text file published by Wizards of the Coast has an introduction (with the effective date), a
table of contents that repeats the chapter and section headings, the rules, a glossary and the
credits. The rules start at the first rule number (``100.1.``) after the table of contents; rule
numbers are written with a trailing period (``100.1.``) or a subrule letter (``100.1a``, letters
skip ``l`` and ``o``); ``Example:`` lines belong to the rule before them (CR 100.2 style layout).

The result is written atomically to ``cr_en.yaml`` in the user data folder, where the corpus
compiler (:func:`judgekit.corpus.compile.compile_rules`) merges it with the Italian rules.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgekit import paths
from judgekit.corpus.compile import IMPORT_FILE
from judgekit.corpus.ids import sort_key
from judgekit.errors import InvalidFileError, Issue
from judgekit.fileio import read_bytes, write_atomic

MAX_BYTES = 40_000_000
#: A previous import is kept as a backup when the new one has fewer than this share of its rules.
SHRINK_RATIO = 0.5
#: At most this many repeated rule numbers are listed in the summary.
MAX_LISTED = 20

_RULE = re.compile(r"^(\d{3})\.(\d+)([a-z]?)\.?(?:\s+(.*))?$")
_SECTION = re.compile(r"^(\d{3})\.\s+(\S.*)$")
_CHAPTER = re.compile(r"^(\d)\.\s+(\S.*)$")
_EXAMPLE = re.compile(r"^Examples?:\s*(.*)$")
_DATE = re.compile(r"\b(January|February|March|April|May|June|July|August|September|October|November|"
                   r"December)\s+(\d{1,2}),\s*(\d{4})\b")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")


@dataclass
class ParsedRules:
    """What was read from a Comprehensive Rules text file."""

    rules: list[dict[str, Any]] = field(default_factory=list)
    sections: dict[str, str] = field(default_factory=dict)
    chapters: dict[str, str] = field(default_factory=dict)
    glossary: list[dict[str, str]] = field(default_factory=list)
    effective_date: dt.date | None = None
    encoding: str = "utf-8"
    line_ends: str = "LF"
    duplicates: list[str] = field(default_factory=list)


def _bad(name: str, message: str) -> InvalidFileError:
    return InvalidFileError([Issue(name, None, "", message)])


def decode(raw: bytes, name: str) -> tuple[str, str]:
    """The text of ``raw`` and the encoding found: UTF-8 (with or without BOM), UTF-16 with BOM, Windows-1252."""
    if not raw.strip(b" \t\r\n\x00\xef\xbb\xbf\xff\xfe"):
        raise _bad(name, "il file è vuoto: nessuna regola da importare")
    try:
        if raw.startswith(b"\xef\xbb\xbf"):
            text, encoding = raw[3:].decode("utf-8"), "UTF-8 con BOM"
        elif raw.startswith(b"\xff\xfe"):
            text, encoding = raw[2:].decode("utf-16-le"), "UTF-16 LE"
        elif raw.startswith(b"\xfe\xff"):
            text, encoding = raw[2:].decode("utf-16-be"), "UTF-16 BE"
        elif b"\x00" in raw:
            raise _bad(name, "il file sembra binario, non un testo: serve il file .txt delle Comprehensive Rules")
        else:
            try:
                text, encoding = raw.decode("utf-8"), "UTF-8"
            except UnicodeDecodeError:
                try:
                    text, encoding = raw.decode("cp1252"), "Windows-1252"
                except UnicodeDecodeError:
                    text, encoding = raw.decode("latin-1"), "Latin-1"
    except UnicodeDecodeError as exc:
        raise _bad(name, f"il file non si può decodificare come testo ({exc.reason})") from None
    text = text.lstrip("\ufeff")
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\n\r\f\v")
    if controls > max(8, len(text) // 200):
        raise _bad(name, "il file sembra binario, non un testo: serve il file .txt delle Comprehensive Rules")
    return text, encoding


def _line_ends(text: str) -> str:
    crlf = text.count("\r\n")
    cr = text.count("\r") - crlf
    lf = text.count("\n") - crlf
    kinds = [label for label, n in (("CRLF", crlf), ("CR", cr), ("LF", lf)) if n]
    return "+".join(kinds) or "LF"


def _parse_date(text: str) -> dt.date | None:
    match = re.search(r"effective as of\s+" + _DATE.pattern, text, re.IGNORECASE) or _DATE.search(text)
    if match is None:
        return None
    month, day, year = match.groups()[-3:]
    try:
        return dt.date(int(year), _MONTHS.index(month.lower()) + 1, int(day))
    except ValueError:
        return None


def _rules_start(lines: list[str]) -> int:
    """Index of the first line of the rules: the first rule number, after the table of contents."""
    for i, line in enumerate(lines):
        match = _RULE.match(line)
        if match and match.group(4):
            return i
    return -1


def _find_line(lines: list[str], start: int, *names: str) -> int:
    wanted = {n.casefold() for n in names}
    for i in range(start, len(lines)):
        if lines[i].casefold() in wanted:
            return i
    return len(lines)


def _parse_glossary(lines: list[str]) -> list[dict[str, str]]:
    entries: list[dict[str, str]] = []
    block: list[str] = []
    for line in [*lines, ""]:
        if line:
            block.append(line)
            continue
        if len(block) >= 2:
            entries.append({"term": block[0], "definition": "\n".join(block[1:])})
        block = []
    return entries


def parse(text: str, name: str = "CR") -> ParsedRules:
    """Split a Comprehensive Rules text into rules, section titles and glossary terms."""
    result = ParsedRules(line_ends=_line_ends(text))
    lines = [line.strip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    start = _rules_start(lines)
    if start < 0:
        raise _bad(name, "nessuna regola trovata: il file non sembra il testo delle Comprehensive Rules "
                         "(righe come «100.1. ...» o «100.1a ...»)")
    result.effective_date = _parse_date("\n".join(lines[:start]))
    glossary_at = _find_line(lines, start, "Glossary")
    credits_at = _find_line(lines, start, "Credits")
    end = min(glossary_at, credits_at)
    for line in lines[:start]:
        section = _SECTION.match(line)
        if section:
            result.sections.setdefault(section.group(1), section.group(2))
    seen: set[str] = set()
    current: dict[str, Any] | None = None
    for line in lines[start:end]:
        if not line:
            continue
        rule = _RULE.match(line)
        if rule and rule.group(4):
            rid = f"{rule.group(1)}.{int(rule.group(2))}{rule.group(3)}"
            if rid in seen:
                result.duplicates.append(rid)
                current = None
                continue
            seen.add(rid)
            current = {"id": rid, "text": [rule.group(4).strip()], "examples": []}
            result.rules.append(current)
            continue
        section = _SECTION.match(line)
        if section:
            result.sections[section.group(1)] = section.group(2)
            current = None
            continue
        chapter = _CHAPTER.match(line)
        if chapter:
            result.chapters[chapter.group(1)] = chapter.group(2)
            current = None
            continue
        if current is None:
            continue
        example = _EXAMPLE.match(line)
        if example:
            current["examples"].append([example.group(1).strip()])
        elif current["examples"]:
            current["examples"][-1].append(line)
        else:
            current["text"].append(line)
    for item in result.rules:  # lines are joined once at the end: a long rule never costs quadratic time
        item["text"] = " ".join(item["text"])
        item["examples"] = [" ".join(parts) for parts in item["examples"]]
    if not result.rules:
        raise _bad(name, "nessuna regola trovata nel file")
    result.rules.sort(key=lambda r: sort_key(r["id"]))
    if glossary_at < len(lines):
        result.glossary = _parse_glossary(lines[glossary_at + 1:credits_at if credits_at > glossary_at else None])
    return result


def backup_name(stamp: dt.datetime) -> str:
    """``cr_en.backup-20310307T101500.yaml``: where a replaced import is kept."""
    return f"cr_en.backup-{stamp.strftime('%Y%m%dT%H%M%S')}.yaml"


def _previous(target: Path) -> tuple[bytes, int | None, str | None] | None:
    """The import already saved: its bytes, how many rules and its date (None when unreadable)."""
    import yaml

    try:
        raw = target.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        from judgekit.errors import FileAccessError

        raise FileAccessError(f"impossibile leggere l'importazione precedente {target}: "
                              f"{exc.strerror or exc}") from exc
    loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        data = yaml.load(raw.decode("utf-8"), Loader=loader)  # noqa: S506 - safe loader
    except (UnicodeDecodeError, yaml.YAMLError):
        return raw, None, None
    if not isinstance(data, dict) or not isinstance(data.get("rules"), list):
        return raw, None, None
    date = data.get("effective_date")
    return raw, len(data["rules"]), str(date) if date else None


def _keep_previous(target: Path, rules: int, dated: bool, now: dt.datetime) -> dict[str, Any] | None:
    """Back up the saved import when the new one is much smaller, undated, or the old one is unreadable."""
    previous = _previous(target)
    if previous is None:
        return None
    raw, old_rules, old_date = previous
    if old_rules is not None and dated and rules >= old_rules * SHRINK_RATIO:
        return None
    backup = target.parent / backup_name(now)
    n = 1
    while backup.exists():
        backup = target.parent / backup_name(now).replace(".yaml", f"-{n}.yaml")
        n += 1
    write_atomic(backup, raw)
    return {"path": str(backup), "rules": old_rules, "effective_date": old_date}


def import_file(path: Path) -> dict[str, Any]:
    """Read ``path``, write ``cr_en.yaml`` atomically in the user data folder, return what was imported."""
    import yaml

    from judgekit import cache

    name = paths.display_path(path)
    try:
        size = path.stat().st_size
    except OSError:
        size = 0
    if size > MAX_BYTES:
        raise _bad(name, f"file troppo grande ({size} byte, massimo {MAX_BYTES})")
    text, encoding = decode(read_bytes(path), name)
    parsed = parse(text, name)
    parsed.encoding = encoding
    now = dt.datetime.now(dt.UTC).replace(microsecond=0)
    data = {
        "language": "en",
        "document": path.name,
        "effective_date": parsed.effective_date.isoformat() if parsed.effective_date else None,
        "imported": now.isoformat(),
        "sections": parsed.sections,
        "rules": parsed.rules,
        "glossary": parsed.glossary,
    }
    dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    payload = yaml.dump(data, Dumper=dumper, allow_unicode=True, sort_keys=False, width=1_000_000)
    target = paths.user_data_dir() / IMPORT_FILE
    backup = _keep_previous(target, len(parsed.rules), parsed.effective_date is not None, now)
    write_atomic(target, payload)
    cache.reset()
    sections = sorted({r["id"][:3] for r in parsed.rules})
    return {
        "file": name,
        "target": str(target),
        "rules": len(parsed.rules),
        "examples": sum(len(r["examples"]) for r in parsed.rules),
        "sections": len(sections),
        "first_section": sections[0],
        "last_section": sections[-1],
        "glossary": len(parsed.glossary),
        "effective_date": data["effective_date"],
        "encoding": encoding,
        "line_ends": parsed.line_ends,
        "duplicates": parsed.duplicates,
        "backup": backup,
    }


def backup_notice(backup: dict[str, Any], result: dict[str, Any]) -> str:
    """What the import replaced and where the copy of it is, in Italian."""
    from judgekit.corpus.render_rule import italian_date

    if backup["rules"] is None:
        old = "illeggibile"
    else:
        old = f"{backup['rules']} regole, " + (
            f"in vigore dal {italian_date(backup['effective_date'])}" if backup["effective_date"] else "senza data")
    why = []
    if backup["rules"] is not None and result["rules"] < backup["rules"] * SHRINK_RATIO:
        why.append("meno della metà delle regole")
    if result["effective_date"] is None:
        why.append("nessuna data di entrata in vigore")
    reason = f" (la nuova ha {' e '.join(why)})" if why else ""
    return (f"Attenzione: questa importazione ha sostituito la precedente ({old}){reason}. "
            f"Una copia della precedente è in {backup['path']}: per ripristinarla rinominala in "
            f"{Path(result['target']).name} nella stessa cartella.")


def summary(result: dict[str, Any]) -> str:
    """What was imported, in Italian."""
    from judgekit.corpus.render_rule import italian_date

    lines = [
        f"Importate {result['rules']} regole ({result['examples']} esempi) in {result['sections']} sezioni "
        f"({result['first_section']}-{result['last_section']}) e {result['glossary']} voci del glossario "
        f"da {result['file']}.",
        "Data di entrata in vigore indicata nel file: "
        + (italian_date(result["effective_date"]) if result["effective_date"] else "non trovata") + ".",
        f"Codifica: {result['encoding']}; fine riga: {result['line_ends']}.",
    ]
    duplicates = result["duplicates"]
    if duplicates:
        more = len(duplicates) - MAX_LISTED
        listed = ", ".join(duplicates[:MAX_LISTED]) + (f" e altri {more}" if more > 0 else "")
        lines.append(f"Numeri ripetuti ignorati (tenuta la prima occorrenza): {listed}.")
    backup = result.get("backup")
    if backup:
        lines.append(backup_notice(backup, result))
    lines.append(f"Salvato in {result['target']}. Ora «judgekit rule NUMERO --en» mostra il testo inglese "
                 "accanto all'italiano e le regole senza testo italiano sono servite in inglese.")
    return "\n".join(lines)
