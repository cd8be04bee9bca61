"""The infraction card: what happened, the penalty at the event's REL, the fix step by step, the citations.

:func:`answer` turns ranked matches into plain result dicts (the ``--json`` document); :func:`card_text`
renders one of them for the terminal without rich; :func:`penalty_rows` feeds the quick-reference table.
At Regular REL the card is the JAR case (fix, educate, when it becomes a Game Loss or a Serious Problem);
at Competitive and Professional REL it is the IPG infraction.
"""

from __future__ import annotations

from typing import Any

from judgekit.policy import upgrade as up
from judgekit.policy.match import Match
from judgekit.textstyle import style, wrap


def _doc_date(policy: dict[str, Any], doc: str) -> str:
    info = policy.get("documents", {}).get(doc) or {}
    return up.italian_date(info.get("date", "")) if info.get("date") else ""


def _cite(policy: dict[str, Any], doc: str, ident: str, title: str) -> str:
    date = _doc_date(policy, doc)
    when = f" — versione del {date}" if date else ""
    if doc == "jar":
        return f"JAR «{title}»{when}"
    return f"{doc.upper()} {ident} {title}{when}"


def _mtr_cites(policy: dict[str, Any], refs: list[str]) -> list[str]:
    out = []
    for ref in refs:
        sec = policy.get("mtr", {}).get(ref)
        if sec:
            out.append(_cite(policy, "mtr", ref, sec["name_it"]))
    return out


def ipg_result(policy: dict[str, Any], match: Match, rel: str, previous: int) -> dict[str, Any]:
    entry = policy["infractions"][match.iid]
    category = policy["categories"].get(entry["category"], {})
    base = up.ipg_penalty(entry, rel)
    hint = _penalty_hint(entry, match, rel, base)
    told = _told(match, previous)
    shown = hint["penalty"] if hint and hint["applied"] else base
    repeat = up.apply_repeat(entry.get("repeat"), shown, max(previous, match.previous))
    cites = [_cite(policy, "ipg", entry["id"], entry["name_it"])]
    if entry.get("repeat_from") == "category" and entry.get("repeat") and category:
        cites.append(_cite(policy, "ipg", category["section"], category["name_it"]))
    cites += _mtr_cites(policy, entry.get("mtr", []))
    regular = [policy["jar"][c] for c in entry.get("regular", []) if c in policy["jar"]]
    related = []
    for rel_item in entry.get("related", []):
        other = policy["infractions"].get(rel_item["id"], {})
        related.append({"id": rel_item["id"], "name": other.get("name_it", ""), "text": rel_item["text"]})
    return {
        "doc": "ipg",
        "id": entry["id"],
        "name": entry["name_it"],
        "name_en": entry["name_en"],
        "category": category.get("name_it", entry["category"]),
        "penalty": repeat["penalty"],
        "base_penalty": base,
        "penalty_hint": hint,
        "previous_told": told,
        "definition": entry["definition"],
        "remedy": list(entry["remedy"]),
        "partial_fixes": list(entry.get("partial_fixes", [])),
        "upgrades": [dict(u) for u in entry.get("upgrades", [])],
        "downgrades": [dict(d) for d in entry.get("downgrades", [])],
        "upgrade": repeat,
        "related": related,
        "regular": [{"id": c["id"], "name": c["name_it"]} for c in regular],
        "tell_players": entry["tell_players"],
        "verify": entry.get("verify"),
        "cites": cites,
        "score": None if match.exact else match.score,
        "exact": match.exact,
        "terms": list(match.terms),
        "acts": list(match.acts),
        "cues": list(match.cues),
        "similar": list(match.similar),
    }


def _told(match: Match, previous: int) -> dict[str, Any] | None:
    """The earlier penalties the description tells («seconda volta oggi»), when they are more than
    ``--previous`` says: they count as if given with ``--previous``."""
    if match.exact or match.previous <= previous:
        return None
    return {"count": match.previous, "words": match.previous_words}


def _penalty_hint(entry: dict[str, Any], match: Match, rel: str, base: str) -> dict[str, Any] | None:
    """At Competitive REL, an upgrade or downgrade of the IPG (2.1 with a trigger bad for its controller, 3.1
    after ten minutes...): ``applied`` when the description tells its condition (``told``: the words that
    tell it), else only a possibility to check, because the closest example situations had it (``examples``:
    the one that looks most like the description)."""
    if rel != "competitive" or match.exact:
        return None
    if match.penalty and match.penalty != base:
        return {"penalty": match.penalty, "when": match.penalty_when, "told": match.penalty_words, "applied": True,
                "card_text": match.penalty_card_text or None, "examples": []}
    if not match.possible or match.possible == base:
        return None
    changes = [*entry.get("upgrades", []), *entry.get("downgrades", [])]
    when = next((c["when"] for c in changes if c.get("penalty") == match.possible), None)
    return {"penalty": match.possible, "when": when, "told": None, "applied": False, "card_text": None,
            "examples": list(match.penalty_examples[:1])}


def jar_result(policy: dict[str, Any], case_id: str, match: Match, previous: int) -> dict[str, Any]:
    case = policy["jar"][case_id]
    group = policy["jar_groups"].get(case["group"], {})
    told = _told(match, previous)
    repeat = up.apply_repeat(up.jar_rule(policy, case), case["penalty"], max(previous, match.previous))
    cites = [_cite(policy, "jar", case_id, case["name_en"])]
    ipg_refs = []
    for ref in case.get("ipg", []):
        entry = policy["infractions"].get(ref)
        if entry:
            ipg_refs.append({"id": ref, "name": entry["name_it"],
                             "competitive_penalty": up.ipg_penalty(entry, "competitive")})
            cites.append(_cite(policy, "ipg", ref, entry["name_it"]) + " (per confronto, REL Competitivo)")
    return {
        "doc": "jar",
        "id": case_id,
        "name": case["name_it"],
        "name_en": case["name_en"],
        "category": group.get("name_it", case["group"]),
        "penalty": repeat["penalty"],
        "base_penalty": case["penalty"],
        "previous_told": told,
        "definition": case["summary"],
        "remedy": list(case["remedy"]),
        "escalation": list(case.get("escalation", [])),
        "upgrade": repeat,
        "ipg": ipg_refs,
        "tell_players": case["tell_players"],
        "verify": case.get("verify"),
        "cites": cites,
        "score": None if match.exact else match.score,
        "exact": match.exact,
        "terms": list(match.terms),
        "acts": list(match.acts),
        "cues": list(match.cues),
        "similar": list(match.similar),
    }


def answer(policy: dict[str, Any], query: str, matches: list[Match], rel: str, previous: int,
           limit: int = 3) -> dict[str, Any]:
    """The whole answer as plain data: ``{"rel", "query", "previous", "matches": [...]}``, best first."""
    results: list[dict[str, Any]] = []
    if rel == "regular":
        seen: set[str] = set()
        for match in matches:
            cases = [match.jar] if match.jar else list(policy["infractions"].get(match.iid, {}).get("regular", []))
            for case_id in cases:
                if case_id and case_id not in seen and case_id in policy["jar"]:
                    seen.add(case_id)
                    results.append(jar_result(policy, case_id, match, previous))
    else:
        for match in matches:
            if match.iid and match.iid in policy["infractions"]:
                results.append(ipg_result(policy, match, rel, previous))
    return {"rel": rel, "query": query, "previous": previous, "matches": results[:limit]}


# --- terminal text -----------------------------------------------------------------------------------------


def _steps(items: list[str]) -> list[str]:
    return [wrap(item, indent="     ", first=f"  {n}. ") for n, item in enumerate(items, 1)]


def _bullets(items: list[str], mark: str = "•") -> list[str]:
    return [wrap(item, indent="    ", first=f"  {mark} ") for item in items]


def card_text(result: dict[str, Any], rel: str) -> str:
    """One result as the terminal card."""
    lines: list[str] = []
    if result["doc"] == "ipg":
        head = f"IPG {result['id']} — {result['name']} ({result['name_en']})"
    else:
        head = f"JAR — {result['name']}"
    lines.append(style(head, "bold"))
    lines.append(style(f"{result['category']} · REL {up.REL_IT[rel]}", "dim"))
    penalty = style(up.label(result["penalty"]), "bold", "yellow")
    hint = result.get("penalty_hint")
    if result["upgrade"]["applied"] or (hint and hint["applied"]):
        penalty += f" (di base: {up.short_label(result['base_penalty'])})"
    if rel == "regular" and result["penalty"] == "no_penalty":
        penalty += " — si corregge la partita e si educa il giocatore"
    lines.append(f"Penalità: {penalty}")
    if hint and hint.get("told"):
        when = (hint.get("when") or "").strip().rstrip(".")
        said = (f"La descrizione nomina {hint['told']} («{hint['card_text']}»)" if hint.get("card_text")
                else f"La descrizione dice «{hint['told']}»")
        lines.append(wrap(f"{said}: {when[:1].lower()}{when[1:]}, quindi "
                          f"{up.short_label(hint['penalty'])}. Se non è così, vale quella di base.",
                          indent="  ", first="  "))
    elif hint:
        when = (hint.get("when") or "").strip().rstrip(".")
        why = f": {when[:1].lower()}{when[1:]}" if when else ""
        lines.append(wrap(f"Da verificare: nelle situazioni di esempio più simili la penalità è "
                          f"{up.short_label(hint['penalty'])}{why}. Se nel tuo caso è così, si applica quella; "
                          "altrimenti resta quella di base.", indent="  ", first="  "))
        for example in hint.get("examples") or []:
            lines.append(style(wrap(f"«{example}»", indent="    ", first="    "), "dim"))
    told = result.get("previous_told")
    if told:
        counted = ("conta una penalità precedente" if told["count"] == 1
                   else f"contano {told['count']} penalità precedenti")
        lines.append(wrap(f"La descrizione dice che non è la prima volta oggi («{told['words']}»): {counted}, "
                          f"come con --previous {told['count']}.", indent="  ", first="  "))
    if result["upgrade"]["previous"] and result["upgrade"]["text"]:
        lines.append(wrap(result["upgrade"]["text"], indent="  ", first="  "))
    lines.append("")
    lines.append(wrap(result["definition"]))
    lines.append("")
    lines.append(style("Cosa fare", "bold"))
    lines.extend(_steps(result["remedy"]))
    if result.get("partial_fixes"):
        lines.append(style("Correzioni parziali ammesse (solo queste)", "bold"))
        lines.extend(_bullets(result["partial_fixes"]))
    changes = [f"{up.short_label(u['penalty'])} se: {u['when']}" for u in result.get("upgrades", [])]
    changes += [f"{up.short_label(d['penalty'])} (riduzione) se: {d['when']}" for d in result.get("downgrades", [])]
    if changes:
        lines.append(style("Quando cambia la penalità", "bold"))
        lines.extend(_bullets(changes))
    if result["doc"] == "jar" and result.get("escalation"):
        lines.append(style("Quando diventa Partita persa o problema serio", "bold"))
        lines.extend(_bullets(result["escalation"]))
    rule = result["upgrade"].get("rule")
    if rule and not result["upgrade"]["previous"]:
        lines.append(style("Se si ripete (--previous N)", "bold"))
        lines.extend(_bullets([rule]))
    if result.get("related"):
        lines.append(style("Infrazioni collegate", "bold"))
        lines.extend(_bullets([f"{r['id']} {r['name']}: {r['text']}" for r in result["related"]]))
    if result["doc"] == "jar" and result.get("ipg"):
        refs = [f"IPG {r['id']} {r['name']} — a REL Competitivo: {up.short_label(r['competitive_penalty'])}"
                for r in result["ipg"]]
        lines.append(style("A REL Competitivo", "bold"))
        lines.extend(_bullets(refs))
    if result["doc"] == "ipg" and result.get("regular") and rel != "regular":
        lines.append(style("A REL Amatoriale", "bold"))
        lines.extend(_bullets([f"JAR «{c['name']}» (judgekit infraction {result['id']} --rel regular)"
                               for c in result["regular"]]))
    lines.append(style("Cosa dire ai giocatori", "bold"))
    lines.append(wrap(result["tell_players"], indent="  ", first="  "))
    lines.append(style("Riferimenti", "bold"))
    lines.extend(_bullets(result["cites"]))
    if result.get("verify"):
        lines.append(style("Da verificare", "bold"))
        lines.append(wrap(result["verify"], indent="  ", first="  "))
    if result.get("acts"):
        lines.append(style(f"Atti riconosciuti: {'; '.join(result['acts'])}", "dim"))
    if result.get("terms"):
        lines.append(style(f"Riconosciuta da: {', '.join(result['terms'])}", "dim"))
    for cue in result.get("cues") or []:
        lines.append(style(f"Indizio: {cue}", "dim"))
    for example in result.get("similar") or []:
        lines.append(style(wrap(f"Situazione simile: «{example}»", indent="  ", first=""), "dim"))
    return "\n".join(lines)


def answer_text(data: dict[str, Any]) -> str:
    """The best card and a line for each alternative."""
    matches = data["matches"]
    parts = [card_text(matches[0], data["rel"])]
    others = matches[1:]
    if others:
        alt = []
        for other in others:
            ident = f"IPG {other['id']}" if other["doc"] == "ipg" else "JAR"
            alt.append(f"{ident} {other['name']} — {up.short_label(other['penalty'])}")
        parts.append(style("Altre possibilità", "bold") + "\n" + "\n".join(_bullets(alt)))
    return "\n\n".join(parts) + "\n"


# --- lists and the quick reference --------------------------------------------------------------------------


def regular_summary(policy: dict[str, Any], entry: dict[str, Any]) -> str:
    """What happens at Regular REL for an IPG infraction, in a few words."""
    parts: list[str] = []
    for case_id in entry.get("regular", []):
        case = policy["jar"].get(case_id)
        if not case:
            continue
        group = policy["jar_groups"].get(case["group"], {})
        text = group.get("quick") or up.short_label(case["penalty"])
        if text not in parts:
            parts.append(text)
    return " / ".join(parts)


def penalty_rows(policy: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for iid in policy["order"]:
        entry = policy["infractions"][iid]
        category = policy["categories"].get(entry["category"], {})
        rows.append({
            "id": iid,
            "name": entry["name_it"],
            "name_en": entry["name_en"],
            "category": category.get("name_it", entry["category"]),
            "regular": regular_summary(policy, entry),
            "regular_cases": list(entry.get("regular", [])),
            "competitive": up.ipg_penalty(entry, "competitive"),
            "professional": up.ipg_penalty(entry, "professional"),
        })
    return rows


def list_rows(policy: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for iid in policy["order"]:
        entry = policy["infractions"][iid]
        rows.append({"doc": "ipg", "id": iid, "name": entry["name_it"], "name_en": entry["name_en"],
                     "aliases": list(entry["aliases"]), "penalty": up.ipg_penalty(entry, "competitive")})
    for cid, case in policy["jar"].items():
        rows.append({"doc": "jar", "id": cid, "name": case["name_it"], "name_en": case["name_en"],
                     "aliases": list(case["aliases"]), "penalty": case["penalty"]})
    return rows


def list_text(policy: dict[str, Any]) -> str:
    lines = [style(f"Infrazioni dell'IPG ({_doc_date(policy, 'ipg')})", "bold")]
    for row in list_rows(policy):
        if row["doc"] != "ipg":
            continue
        aliases = ", ".join(row["aliases"][:4])
        lines.append(f"  {row['id']:<4} {row['name']} ({row['name_en']}) — {up.short_label(row['penalty'])}")
        lines.append(style(f"       alias: {aliases}", "dim"))
    lines.append("")
    lines.append(style(f"Casi del JAR, REL Amatoriale ({_doc_date(policy, 'jar')})", "bold"))
    for row in list_rows(policy):
        if row["doc"] == "jar":
            lines.append(f"  {row['id']:<19} {row['name']}")
    return "\n".join(lines) + "\n"
