"""Compile ``rules_it/policy`` into the cache's ``policy`` part, and validate policy files.

The compiled part is plain data (see :func:`compile_policy`): the IPG infractions and general sections, the
JAR cases, the MTR sections, the quick-reference facts and a small matching index built from the data's
names, aliases, keywords and phrases (:mod:`judgekit.policy.match` reads it). It also carries
``search_docs``, one entry per policy section, for the search index.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from judgekit import italian
from judgekit.compilecontext import CompileContext
from judgekit.errors import InvalidFileError, Issue
from judgekit.yamlio import YamlDoc, load_yaml

# Weights of the fields an infraction is recognised by (names weigh more than definitions).
W_NAME = 3.0
W_ALIAS = 3.0
W_KEYWORD = 2.0
W_PHRASE = 1.5
W_JAR = 1.0
W_BODY = 0.6
W_ACT = 1.0


def _load(path: Path, name: str | None = None) -> tuple[YamlDoc, Any]:
    """Load and validate one policy file; return the raw document and its model."""
    from judgekit.policy.models import DOCUMENT_MODELS
    from judgekit.validation import validate_doc

    doc = load_yaml(path, name=name)
    data = doc.data
    if not isinstance(data, dict):
        raise InvalidFileError([doc.issue((), "il file deve essere una mappa (chiave: valore)")])
    kind = data.get("document")
    model = DOCUMENT_MODELS.get(kind) if isinstance(kind, str) else None
    if model is None:
        allowed = ", ".join(sorted(DOCUMENT_MODELS))
        raise InvalidFileError([doc.issue(("document",), f"documento sconosciuto «{kind}»: ammessi {allowed}")])
    return doc, validate_doc(model, doc)


def _duplicates(doc: YamlDoc, items: Iterable[tuple[tuple[Any, ...], str]], what: str) -> list[Issue]:
    seen: dict[str, tuple[Any, ...]] = {}
    issues: list[Issue] = []
    for loc, value in items:
        if value in seen:
            issues.append(doc.issue(loc, f"{what} ripetuto «{value}» (già alla riga {doc.line_of(seen[value])})"))
        else:
            seen[value] = loc
    return issues


def _cross_check(loaded: dict[str, tuple[YamlDoc, Any]]) -> list[Issue]:
    """References between the documents: related infractions, JAR cases, MTR sections, aliases."""
    issues: list[Issue] = []
    ipg = loaded.get("ipg")
    jar = loaded.get("jar")
    mtr = loaded.get("mtr")
    lexicon = loaded.get("lexicon")
    cue_groups = set(lexicon[1].cues) if lexicon else None
    ipg_ids = {i.id for i in ipg[1].infractions} if ipg else None
    jar_ids = {c.id for c in jar[1].cases} if jar else None
    mtr_ids = {s.id for s in mtr[1].sections} if mtr else None

    if ipg:
        doc, model = ipg
        issues += _duplicates(doc, ((("infractions", n, "id"), inf.id) for n, inf in enumerate(model.infractions)),
                              "numero di infrazione")
        issues += _duplicates(doc, ((("sections", n, "id"), s.id) for n, s in enumerate(model.sections)),
                              "numero di sezione")
        aliases = []
        for n, inf in enumerate(model.infractions):
            for a, alias in enumerate(inf.aliases):
                aliases.append((("infractions", n, "aliases", a), italian.key(alias)))
        issues += _duplicates(doc, aliases, "alias")
        categories = {c.id for c in model.categories}
        for n, inf in enumerate(model.infractions):
            if inf.category not in categories:
                issues.append(doc.issue(("infractions", n, "category"), f"categoria «{inf.category}» non definita"))
            for r, rule in enumerate(inf.not_when):
                if rule.to is not None and ipg_ids is not None and rule.to not in ipg_ids:
                    issues.append(doc.issue(("infractions", n, "not_when", r, "to"),
                                            f"infrazione di destinazione «{rule.to}» inesistente"))
                if rule.to == inf.id:
                    issues.append(doc.issue(("infractions", n, "not_when", r, "to"),
                                            "un'esclusione non può rimandare alla stessa infrazione"))
                if cue_groups is None:
                    continue
                for key in ("cues", "unless"):
                    for c, cue in enumerate(getattr(rule, key)):
                        for word in cue.split():
                            if word.startswith("@") and word[1:] not in cue_groups:
                                issues.append(doc.issue(("infractions", n, "not_when", r, key, c),
                                                        f"gruppo di indizi «{word}» non definito nel lessico"))
            issues += _check_changes(doc, n, inf, lexicon[1] if lexicon else None)
            for r, rel in enumerate(inf.related):
                if ipg_ids is not None and rel.id not in ipg_ids:
                    issues.append(doc.issue(("infractions", n, "related", r, "id"),
                                            f"infrazione collegata «{rel.id}» inesistente"))
            if jar_ids is not None:
                for r, case in enumerate(inf.regular):
                    if case not in jar_ids:
                        issues.append(doc.issue(("infractions", n, "regular", r), f"caso JAR «{case}» inesistente"))
            if mtr_ids is not None:
                for r, sec in enumerate(inf.mtr):
                    if sec not in mtr_ids:
                        issues.append(doc.issue(("infractions", n, "mtr", r), f"sezione MTR «{sec}» inesistente"))
    if lexicon:
        doc, model = lexicon
        for phrase, measure in model.measures.items():
            if measure.unit not in model.units:
                issues.append(doc.issue(("measures", phrase, "unit"),
                                        f"unità «{measure.unit}» non definita nel lessico (units)"))
    if jar:
        doc, model = jar
        issues += _duplicates(doc, ((("cases", n, "id"), c.id) for n, c in enumerate(model.cases)), "identificativo")
        groups = {g.id for g in model.groups}
        for n, case in enumerate(model.cases):
            if case.group not in groups:
                issues.append(doc.issue(("cases", n, "group"), f"gruppo «{case.group}» non definito"))
            if ipg_ids is not None:
                for r, ref in enumerate(case.ipg):
                    if ref not in ipg_ids:
                        issues.append(doc.issue(("cases", n, "ipg", r), f"infrazione IPG «{ref}» inesistente"))
        if "general.approach" not in {c.id for c in model.cases}:
            issues.append(doc.issue(("cases",), "manca il caso «general.approach» (principi generali)"))
    if mtr:
        doc, model = mtr
        issues += _duplicates(doc, ((("sections", n, "id"), s.id) for n, s in enumerate(model.sections)),
                              "numero di sezione")
    return issues


def _check_stories(banks: list[tuple[YamlDoc, Any]], loaded: dict[str, tuple[YamlDoc, Any]]) -> list[Issue]:
    """Every example situation names an existing infraction (and existing ones under ``not``, never its
    own); no text is told twice across the files."""
    issues: list[Issue] = []
    ipg = loaded.get("ipg")
    ipg_ids = {i.id for i in ipg[1].infractions} if ipg else None
    seen: dict[str, str] = {}
    for doc, model in banks:
        for n, story in enumerate(model.stories):
            if ipg_ids is not None and story.ipg not in ipg_ids:
                issues.append(doc.issue(("stories", n, "ipg"), f"infrazione IPG «{story.ipg}» inesistente"))
            for r, other in enumerate(story.not_):
                if ipg_ids is not None and other not in ipg_ids:
                    issues.append(doc.issue(("stories", n, "not", r), f"infrazione IPG «{other}» inesistente"))
                elif other == story.ipg:
                    issues.append(doc.issue(("stories", n, "not", r),
                                            "una situazione non può escludere la sua stessa infrazione"))
            k = italian.key(story.text)
            where = f"{doc.name}:{doc.line_of(('stories', n))}"
            if k in seen:
                issues.append(doc.issue(("stories", n, "text"), f"situazione ripetuta (già in {seen[k]})"))
            else:
                seen[k] = where
    return issues


def _examples(ctx: CompileContext, banks: list[tuple[YamlDoc, Any]],
              infractions: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Every example situation the matcher compares a description with: the stories of the bank, then
    the study situations (``rules_it/studio/situazioni.yaml``) and the typical questions of each
    infraction (``rules_it/domande/ipg.yaml``, with the infraction's penalty), once each. Those two files
    are checked by their own compilers; here an entry that does not name an infraction is left out."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()

    def add(text: Any, iid: Any, penalty: Any, kind: str, source: str) -> None:
        if not isinstance(text, str) or not isinstance(iid, str) or iid not in infractions:
            return
        k = italian.key(text)
        if k and k not in seen:
            seen.add(k)
            out.append({"ipg": iid, "penalty": penalty if isinstance(penalty, str) else infractions[iid]["penalty"],
                        "kind": kind, "text": text.strip(), "source": source})

    for _doc, model in banks:
        for story in model.stories:
            add(story.text, story.ipg, story.penalty, story.kind, "storie")
    for path in ctx.yaml_files("studio"):
        data = _raw(path)
        for item in data.get("situations") or [] if isinstance(data, dict) else []:
            if isinstance(item, dict):
                add(item.get("text"), item.get("infraction"), item.get("penalty"), "storia", "studio")
    for path in ctx.yaml_files("domande"):
        data = _raw(path)
        for entry in data.get("entries") or [] if isinstance(data, dict) else []:
            ref = entry.get("ref") if isinstance(entry, dict) else None
            if isinstance(ref, str) and ref.startswith("ipg:"):
                for question in entry.get("questions") or []:
                    add(question, ref[4:], None, "domanda", "domande")
    return out


def _raw(path: Path) -> Any:
    """A YAML file's data, or ``None`` when it cannot be read (its own compiler reports why)."""
    from judgekit.errors import JudgekitError

    try:
        return load_yaml(path).data
    except (JudgekitError, OSError):
        return None


def _siblings(path: Path) -> dict[str, tuple[YamlDoc, Any]]:
    loaded: dict[str, tuple[YamlDoc, Any]] = {}
    for other in sorted(path.parent.glob("*.yaml")):
        if other.resolve() == path.resolve():
            continue
        try:
            doc, model = _load(other)
        except InvalidFileError:
            continue
        loaded.setdefault(model.document, (doc, model))
    return loaded


def validate_file(path: Path) -> list[Issue]:
    """Every problem of one policy file (``file:line key.path: message``), including broken references to
    the other policy files found in the same folder."""
    try:
        doc, model = _load(path)
    except InvalidFileError as exc:
        return list(exc.issues)
    loaded = _siblings(path)
    if model.document == "stories":
        return _check_stories([(doc, model)], loaded)
    loaded[model.document] = (doc, model)
    return [issue for issue in _cross_check(loaded) if issue.file == doc.name]


# --- compiled data ---------------------------------------------------------------------------------------


def _infraction(inf: Any, categories: dict[str, Any]) -> dict[str, Any]:
    data = inf.model_dump()
    data["kind"] = "infraction"
    data["doc"] = "ipg"
    if data.get("repeat") is None:
        category = categories.get(inf.category)
        data["repeat"] = category.get("repeat") if category else None
        data["repeat_from"] = "category"
    else:
        data["repeat_from"] = "infraction"
    return data


def _units(entry: dict[str, Any], jar: dict[str, dict[str, Any]]) -> list[tuple[str, float]]:
    """The texts an IPG infraction is recognised by, each with its weight."""
    units: list[tuple[str, float]] = [(entry["name_it"], W_NAME), (entry["name_en"], W_NAME)]
    units += [(a, W_ALIAS) for a in entry["aliases"]]
    units += [(k, W_KEYWORD) for k in entry["keywords"]]
    units += [(p, W_PHRASE) for p in entry["phrases"]]
    units += [(a, W_ACT) for a in entry["acts"]] if W_ACT else []
    units += [(entry["definition"], W_BODY)] + [(e, W_BODY) for e in entry["examples"]]
    for case_id in entry["regular"]:
        case = jar.get(case_id)
        if not case or case["group"] == "general":
            continue
        units += [(case["name_it"], W_JAR)] + [(k, W_JAR) for k in case["keywords"] + case["phrases"]]
    return units


def _phrase_stems(text: str, table: dict[str, str], forms: dict[str, str]) -> list[str]:
    """The stems of a short phrase (an act or a cue), in order, without repeats."""
    out: list[str] = []
    for word in italian.content_tokens(text):
        word = forms.get(word, word)
        stem = table.get(word) or italian.stem(word, table)
        table.setdefault(word, stem)
        if stem not in out:
            out.append(stem)
    return out


def _cue(text: str, groups: dict[str, list[list[str]]], table: dict[str, str],
         forms: dict[str, str]) -> list[list[list[str]]]:
    """A cue as a list of parts, each a list of alternative phrases (lists of stems): every part must be
    found in the description, through any of its alternatives. ``@nome`` is a part made of a lexicon group."""
    parts: list[list[list[str]]] = []
    plain: list[str] = []
    for word in text.split():
        if word.startswith("@"):
            parts.append(groups.get(word[1:], []))
        else:
            plain.append(word)
    if plain:
        parts += [[[stem]] for stem in _phrase_stems(" ".join(plain), table, forms)]
    return [part for part in parts if part]


def _rules(infractions: dict[str, dict[str, Any]], lexicon: Any, table: dict[str, str], forms: dict[str, str],
           changes: dict[str, list[dict[str, Any]]]) -> tuple[dict[str, list[dict[str, Any]]],
                                                              dict[str, list[dict[str, Any]]]]:
    """Per infraction: its acts (stems of each act) and its ``not_when`` rules with the cues compiled; fills
    ``changes`` with its upgrade and downgrade conditions that a description can tell (cues, amounts)."""
    groups: dict[str, list[list[str]]] = {}
    if lexicon is not None:
        for name, phrases in lexicon.cues.items():
            groups[name] = [s for s in (_phrase_stems(p, table, forms) for p in phrases) if s]
    acts: dict[str, list[dict[str, Any]]] = {}
    rules: dict[str, list[dict[str, Any]]] = {}

    def cues(texts: list[str]) -> list[dict[str, Any]]:
        return [{"text": t, "stems": stems} for t in texts if (stems := _phrase_stems(t, table, forms))]

    for iid, entry in infractions.items():
        # The upgrades, then the downgrades: how a description tells each condition (IPG 2.1, 3.1, 3.5...).
        changes[iid] = [{"penalty": change["penalty"], "when": change["when"], "cues": cues(change["cues"]),
                         "unless": cues(change["unless"]), "amounts": list(change["amounts"]),
                         "negation_denies": change["negation_denies"], "card_trait": change["card_trait"]}
                        for key in ("upgrades", "downgrades") for change in entry.get(key) or []
                        if change["cues"] or change["amounts"] or change["card_trait"]]
        acts[iid] = [{"text": a, "stems": stems} for a in entry["acts"]
                     if (stems := _phrase_stems(a, table, forms))]
        rules[iid] = [{"cues": [c for c in (_cue(t, groups, table, forms) for t in rule["cues"]) if c],
                       "unless": [c for c in (_cue(t, groups, table, forms) for t in rule["unless"]) if c],
                       "to": rule["to"], "text": rule["text"]}
                      for rule in entry["not_when"]]
    return acts, rules


def _lexicon(lexicon: Any, table: dict[str, str]) -> tuple[dict[str, str], dict[str, list[str]]]:
    """Folded irregular forms, and for each stem the other stems of its synonym group."""
    if lexicon is None:
        return {}, {}
    forms = {italian.fold(word): italian.fold(lemma) for word, lemma in lexicon.forms.items()}
    synonyms: dict[str, list[str]] = {}
    for group in lexicon.synonyms:
        group_stems = []
        for word in group:
            folded = italian.fold(word)
            stem = italian.stem(forms.get(folded, folded), table)
            table.setdefault(folded, stem)
            if stem not in group_stems:
                group_stems.append(stem)
        for stem in group_stems:
            others = [o for o in group_stems if o != stem]
            synonyms[stem] = sorted(set(synonyms.get(stem, [])) | set(others))
    return forms, synonyms


# In a repeat phrase, the place of an infraction's abbreviation («terza GRV», «2nd MC»).
ABBREVIATION = "@sigla"


def _abbreviations(infractions: dict[str, dict[str, Any]]) -> list[str]:
    """The one-word aliases of the infractions (``grv``, ``mpe``, ``usc``...): how players name them short."""
    return sorted({alias for entry in infractions.values() for alias in
                   (italian.key(a) for a in entry.get("aliases") or []) if alias.isalpha() and len(alias) <= 6})


def _repeat_tokens(phrase: str, abbreviations: list[str]) -> list[list[str]]:
    """The words of a repeat phrase; a phrase with :data:`ABBREVIATION` stands for one phrase per
    abbreviation of an infraction («seconda @sigla»: «seconda grv», «seconda lec»...)."""
    if ABBREVIATION not in phrase.split():
        return [italian.tokens(italian.fold(phrase))]
    out = []
    for alias in abbreviations:
        words = [alias if word == ABBREVIATION else word for word in phrase.split()]
        out.append(italian.tokens(italian.fold(" ".join(words))))
    return out


def _build_index(infractions: dict[str, dict[str, Any]], jar: dict[str, dict[str, Any]],
                 lexicon: Any = None, stories: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Per infraction: the weight of each stem and stem bigram; document frequencies; the stem table;
    the lexicon (irregular forms, synonym groups, story words) the query is read with; the acts of each
    infraction and its ``not_when`` rules, with their cues as stems; the bank of example situations
    (:mod:`judgekit.policy.stories`)."""
    table: dict[str, str] = {}
    surface: dict[str, str] = {}
    terms: dict[str, dict[str, float]] = {}
    forms, synonyms = _lexicon(lexicon, table)
    for iid, entry in infractions.items():
        weights: dict[str, float] = {}
        for text, weight in _units(entry, jar):
            words = [forms.get(w, w) for w in italian.content_tokens(text)]
            stems = []
            for word in words:
                stem = italian.stem(word, table)
                table[word] = stem
                surface.setdefault(stem, word)
                stems.append(stem)
            for stem in stems:
                weights[stem] = max(weights.get(stem, 0.0), weight)
            for a, b in zip(stems, stems[1:], strict=False):
                bigram = f"{a} {b}"
                weights[bigram] = max(weights.get(bigram, 0.0), weight)
        terms[iid] = weights
    df: dict[str, int] = {}
    for weights in terms.values():
        for term in weights:
            df[term] = df.get(term, 0) + 1
    total = max(1, len(terms))
    idf = {term: round(math.log(1.0 + total / count), 4) for term, count in df.items()}
    vocab = sorted(t for t in df if " " not in t and len(t) >= 4 and not t[:1].isdigit())
    changes: dict[str, list[dict[str, Any]]] = {}
    acts, rules = _rules(infractions, lexicon, table, forms, changes)
    story = sorted({_phrase_stems(w, table, forms)[0] for w in (lexicon.story if lexicon else [])
                    if _phrase_stems(w, table, forms)})
    bank = _bank(stories or [], table, forms, synonyms, set(story), idf, vocab)
    known = set(vocab)
    for stem in bank["vocab"]:
        if stem not in known:
            vocab.append(stem)
    # The words of the cues (upgrades and downgrades, "not this one" rules): known words, never corrected as typos.
    cue_vocab = sorted({stem for conditions in changes.values() for change in conditions
                        for key in ("cues", "unless") for cue in change[key] for stem in cue["stems"]}
                       | {stem for entry_rules in rules.values() for rule in entry_rules
                          for key in ("cues", "unless") for cue in rule[key]
                          for part in cue for alternative in part for stem in alternative})
    abbreviations = _abbreviations(infractions)
    repeats = sorted(([count, tokens, phrase]
                      for count, phrases in (lexicon.repeats.items() if lexicon else [])
                      for phrase in phrases
                      for tokens in _repeat_tokens(phrase, abbreviations)), key=lambda item: (-item[0], -len(item[1])))
    return {"terms": terms, "idf": idf, "table": table, "surface": surface, "vocab": sorted(vocab),
            "forms": forms, "synonyms": synonyms, "acts": acts, "rules": rules, "story": story,
            "bank": bank, "repeats": repeats, "changes": changes, "amounts": _amounts(lexicon), "cue_vocab": cue_vocab,
            "negations": sorted({stem for word in (lexicon.negations if lexicon else [])
                                 for stem in _phrase_stems(word, table, forms)}),
            "card_traits": _card_traits()}


def _card_traits() -> dict[str, dict[str, list[str]]]:
    """Per card trait an upgrade or downgrade may need, the library cards that have it (shipped and the
    user's), by folded name (:mod:`judgekit.policy.triggers`)."""
    from judgekit import paths
    from judgekit.policy import triggers
    from judgekit.search.cards import read_cards

    cards = read_cards([paths.cards_dir(), paths.user_cards_dir()])
    return {"detrimental_trigger": triggers.card_traits(cards)}


def _amounts(lexicon: Any) -> dict[str, Any]:
    """How quantities are read (:mod:`judgekit.policy.amounts`): number words, unit words (the first of each
    unit, its singular, may also come before the number) and the phrases that are an amount by themselves."""
    from judgekit.policy.amounts import words_of

    if lexicon is None:
        return {}
    units = {italian.fold(word): unit for unit, words in lexicon.units.items() for word in words}
    return {"numbers": {italian.fold(w): v for w, v in lexicon.numbers.items()},
            "units": units,
            "singular": sorted(italian.fold(words[0]) for words in lexicon.units.values() if words),
            "measures": [[words_of(phrase), m.amount, m.unit, phrase] for phrase, m in lexicon.measures.items()]}


def _bank(stories: list[dict[str, Any]], table: dict[str, str], forms: dict[str, str],
          synonyms: dict[str, list[str]], story: set[str], idf: dict[str, float],
          vocab: list[str]) -> dict[str, Any]:
    """The example situations, read as :func:`judgekit.policy.match.rank` reads a description: a word the
    infractions' data does not know but nearly spells (a typo of the example) is read as that word."""
    from rapidfuzz import fuzz, process

    from judgekit.policy import stories as bank_of
    from judgekit.policy.match import FUZZY_CUTOFF, MAX_FUZZY_LENGTH, names

    canon = bank_of.canonical(synonyms)
    fixed: dict[str, str] = {}

    def correct(stem: str) -> str:
        if stem in idf or stem in synonyms or not 4 <= len(stem) <= MAX_FUZZY_LENGTH or stem[:1].isdigit():
            return stem
        if stem not in fixed:
            best = process.extractOne(stem, vocab, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
            fixed[stem] = best[0] if best else stem
        return fixed[stem]

    def read(text: str) -> tuple[list[str], set[str]]:
        named = {italian.stem(forms.get(w, w), table) for w in names(text)}
        stems = [s if s in named else correct(s) for s in italian.stems(text, table, forms)]
        return stems, story | named

    bank = bank_of.build(stories, read, canon)
    bank["vocab"] = sorted(t for t in bank["known"] if len(t) >= 4 and not t[:1].isdigit())
    return bank


def _lookup(infractions: dict[str, dict[str, Any]], jar: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    """Exact keys (id, names, aliases) -> ``"ipg:2.5"`` / ``"jar:common.trigger"``."""
    found: dict[str, list[str]] = {}

    def add(text: str, target: str) -> None:
        k = italian.key(text)
        if k and target not in found.setdefault(k, []):
            found[k].append(target)

    for iid, entry in infractions.items():
        target = f"ipg:{iid}"
        for text in [iid, f"ipg {iid}", entry["name_it"], entry["name_en"], *entry["aliases"]]:
            add(text, target)
    for cid, case in jar.items():
        target = f"jar:{cid}"
        for text in [cid, case["name_it"], case["name_en"], *case["aliases"]]:
            add(text, target)
    return found


def _section_lookup(sections: dict[str, dict[str, Any]], mtr: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Exact keys of the IPG general sections and MTR sections, which are not infractions."""
    found: dict[str, str] = {}
    for doc, entries in (("ipg", sections), ("mtr", mtr)):
        for sid, sec in entries.items():
            texts = [f"{doc} {sid}", sec["name_it"], sec["name_en"], *sec["aliases"]]
            if doc == "ipg":
                texts.append(sid)
            for text in texts:
                k = italian.key(text)
                if k:
                    found.setdefault(k, f"{doc}:{sid}")
    return found


def _check_changes(doc: YamlDoc, n: int, inf: Any, lexicon: Any) -> list[Issue]:
    """The cues (plain phrases) and the units of the upgrade and downgrade conditions of an infraction."""
    issues: list[Issue] = []
    if lexicon is None:
        return issues
    for key in ("upgrades", "downgrades"):
        for c, change in enumerate(getattr(inf, key)):
            for field in ("cues", "unless"):
                for k, cue in enumerate(getattr(change, field)):
                    if any(word.startswith("@") for word in cue.split()):
                        issues.append(doc.issue(("infractions", n, key, c, field, k),
                                                "qui gli indizi sono frasi da trovare nell'ordine scritto: "
                                                "i gruppi @ del lessico non si usano"))
            for a, amount in enumerate(change.amounts):
                if amount.unit not in lexicon.units:
                    issues.append(doc.issue(("infractions", n, key, c, "amounts", a, "unit"),
                                            f"unità «{amount.unit}» non definita nel lessico (units)"))
    return issues


def compile_policy(ctx: CompileContext) -> dict[str, Any]:
    """The ``policy`` part of the cache (raises :class:`InvalidFileError` on bad data)."""
    loaded: dict[str, tuple[YamlDoc, Any]] = {}
    banks: list[tuple[YamlDoc, Any]] = []
    issues: list[Issue] = []
    for path in ctx.yaml_files("policy"):
        try:
            doc, model = _load(path, name=ctx.display(path))
        except InvalidFileError as exc:
            issues.extend(exc.issues)
            continue
        if model.document == "stories":
            banks.append((doc, model))
            continue
        if model.document in loaded:
            issues.append(doc.issue(("document",), f"documento «{model.document}» già definito in "
                                                   f"{loaded[model.document][0].name}"))
            continue
        loaded[model.document] = (doc, model)
    issues += _cross_check(loaded)
    issues += _check_stories(banks, loaded)
    if issues:
        raise InvalidFileError(issues)

    documents: dict[str, dict[str, str]] = {}
    for kind, (_doc, model) in loaded.items():
        if kind == "lexicon":
            continue
        documents[kind] = {"title_it": model.title_it, "title_en": model.title_en, "date": model.date}

    categories: dict[str, Any] = {}
    sections: dict[str, Any] = {}
    infractions: dict[str, dict[str, Any]] = {}
    if "ipg" in loaded:
        ipg = loaded["ipg"][1]
        categories = {c.id: c.model_dump() for c in ipg.categories}
        sections = {s.id: {**s.model_dump(), "doc": "ipg", "kind": "section"} for s in ipg.sections}
        infractions = {i.id: _infraction(i, categories) for i in ipg.infractions}
    jar_groups: dict[str, Any] = {}
    jar: dict[str, dict[str, Any]] = {}
    if "jar" in loaded:
        model = loaded["jar"][1]
        jar_groups = {g.id: g.model_dump() for g in model.groups}
        jar = {c.id: {**c.model_dump(), "doc": "jar"} for c in model.cases}
    mtr: dict[str, Any] = {}
    if "mtr" in loaded:
        mtr = {s.id: {**s.model_dump(), "doc": "mtr"} for s in loaded["mtr"][1].sections}

    for kind, entries in (("ipg", sections), ("ipg", infractions), ("jar", jar), ("mtr", mtr)):
        for entry in entries.values():
            entry["date"] = documents.get(kind, {}).get("date", "")

    search_docs: list[dict[str, Any]] = []
    for sid, sec in sections.items():
        search_docs.append({"doc": "ipg", "id": sid, "title": sec["name_it"],
                            "text": italian.join_text(sec["summary"], sec["name_en"]),
                            "aliases": [sec["name_en"], *sec["aliases"]]})
    for iid, inf in infractions.items():
        search_docs.append({"doc": "ipg", "id": iid, "title": inf["name_it"],
                            "text": italian.join_text(inf["definition"], inf["philosophy"], inf["remedy"],
                                                 inf["partial_fixes"], inf["examples"], inf["name_en"]),
                            "aliases": [inf["name_en"], *inf["aliases"]]})
    for cid, case in jar.items():
        search_docs.append({"doc": "jar", "id": cid, "title": case["name_it"],
                            "text": italian.join_text(case["summary"], case["remedy"], case["escalation"],
                                                      case["name_en"]),
                            "aliases": [case["name_en"], *case["aliases"]]})
    for sid, sec in mtr.items():
        search_docs.append({"doc": "mtr", "id": sid, "title": sec["name_it"],
                            "text": italian.join_text(sec["summary"], sec["name_en"]),
                            "aliases": [sec["name_en"], *sec["aliases"]]})

    return {
        "format": 1,
        "documents": documents,
        "categories": categories,
        "sections": sections,
        "infractions": infractions,
        "order": list(infractions),
        "jar_groups": jar_groups,
        "jar": jar,
        "mtr": mtr,
        "index": _build_index(infractions, jar, loaded["lexicon"][1] if "lexicon" in loaded else None,
                              _examples(ctx, banks, infractions)),
        "lookup": _lookup(infractions, jar),
        "section_lookup": _section_lookup(sections, mtr),
        "search_docs": search_docs,
    }
