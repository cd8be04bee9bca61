"""A scenario's ``choices``: checked when the file is loaded (:func:`check_choices`) and turned into the rules
core's :class:`~judgekit.engine.choices.Script` (:func:`build_script`) (SCENARIO-FORMAT.md "Choices" and 2.2
"Choices for every decision").

Under an object's key: one ANSWER (used for every decision of that object) or a list of ANSWERs (one per
decision, in the order the decisions are made). An ANSWER is a mapping with any of ``targets``, ``use``,
``modes``, ``x``, ``divide``, ``choose``, or a bare value. The reserved keys are ``apnap_order``,
``legend_rule``, ``replacement_order``, ``discard``, ``sacrifice`` and ``shuffle``. A key may also be the id a
token created during the replay will have. Names are resolved to ids before these checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from judgekit.engine.choices import Answer, KeyPath, Script, SourceAnswers

RESERVED_KEYS = ("apnap_order", "legend_rule", "replacement_order", "discard", "sacrifice", "shuffle")
ANSWER_KEYS = ("targets", "use", "modes", "x", "divide", "choose")

Loc = tuple[str | int, ...]


class RefChecker(Protocol):
    """What the scenario loader offers to check references (``judgekit.scenario.loader``): the players, the ids
    that exist (objects of the file and tokens the replay will create), and where problems go."""

    players: list[str]

    def add(self, loc: Loc, message: str) -> None: ...

    def known(self, ref: str) -> bool: ...

    def suggest(self, ref: str) -> str: ...


# ------------------------------------------------------------------------------------------------------
# Checking


def check_choices(checker: RefChecker, choices: Mapping[Any, Any], effect_ids: frozenset[str] = frozenset()) -> None:
    """Every problem of a ``choices`` mapping, reported to ``checker`` with its key path (file and line).
    ``effect_ids`` are the names of the file's ``effects:`` replacement entries (their ``id``, else their
    ``source``), which ``replacement_order`` may give too."""
    for key, value in choices.items():
        loc: Loc = ("choices", str(key))
        if not isinstance(key, str):
            checker.add(loc, f"chiave non valida «{key}»: le chiavi di choices sono id di oggetti o una delle parole "
                             f"riservate {', '.join(RESERVED_KEYS)}")
            continue
        if key in ("apnap_order", "discard", "sacrifice", "shuffle"):
            _player_lists(checker, value, loc)
        elif key in ("legend_rule", "replacement_order"):
            _id_list(checker, value, loc, effect_ids if key == "replacement_order" else frozenset())
        elif checker.known(key):
            _answers(checker, value, loc)
        elif key in checker.players:
            checker.add(loc, f"«{key}» è un giocatore: le chiavi di choices sono id di oggetti (le scelte di quel "
                             "giocatore vanno sotto l'oggetto che le fa) o una delle parole riservate "
                             f"{', '.join(RESERVED_KEYS)}")
        else:
            hint = checker.suggest(key) or _near(key, RESERVED_KEYS)
            checker.add(loc, f"id sconosciuto «{key}»: le chiavi di choices sono id di oggetti o una delle parole "
                             f"riservate {', '.join(RESERVED_KEYS)}{hint}")


def _near(word: str, options: tuple[str, ...]) -> str:
    from rapidfuzz import process

    near = process.extract(word, list(options), limit=2, score_cutoff=70)
    return f" (forse cercavi: {', '.join(n for n, _s, _i in near)})" if near else ""


def _ref(checker: RefChecker, ref: Any, loc: Loc, *, players: bool) -> None:
    """An object id (or, with ``players``, a player name)."""
    if not isinstance(ref, str) or isinstance(ref, bool):
        checker.add(loc, "deve essere un id" + (" o il nome di un giocatore" if players else ""))
        return
    if checker.known(ref) or (players and ref in checker.players):
        return
    what = "id o giocatore sconosciuto" if players else "id sconosciuto"
    checker.add(loc, f"{what} «{ref}»{checker.suggest(ref)}")


def _id_list(checker: RefChecker, value: Any, loc: Loc, also: frozenset[str] = frozenset()) -> None:
    """A list of object ids; ``also`` holds other ids the list may name (those of ``effects:`` entries)."""
    if not isinstance(value, list):
        checker.add(loc, "deve essere una lista di id, come [isamaru-2]")
        return
    for i, ref in enumerate(value):
        if isinstance(ref, str) and ref in also:
            continue
        _ref(checker, ref, (*loc, i), players=False)


def _player_lists(checker: RefChecker, value: Any, loc: Loc) -> None:
    """``{PLAYER: [ids]}``."""
    if not isinstance(value, Mapping):
        checker.add(loc, "deve essere una mappa giocatore: [id, ...], come {Anna: [grizzly-bears]}")
        return
    for player, ids in value.items():
        ploc = (*loc, str(player))
        if player not in checker.players:
            checker.add(ploc, f"giocatore sconosciuto «{player}»: i giocatori sono {', '.join(checker.players)}")
            continue
        _id_list(checker, ids, ploc)


def _answers(checker: RefChecker, value: Any, loc: Loc) -> None:
    """One ANSWER, or a list of ANSWERs."""
    if isinstance(value, list):
        if not value:
            checker.add(loc, "lista vuota: indica almeno una risposta, oppure togli la chiave")
        for i, item in enumerate(value):
            if isinstance(item, list):
                checker.add((*loc, i), "una risposta non può essere a sua volta una lista: per più bersagli "
                                       "scrivi {targets: [a, b]}")
            else:
                _answer(checker, item, (*loc, i))
    else:
        _answer(checker, value, loc)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _answer(checker: RefChecker, value: Any, loc: Loc) -> None:
    """An ANSWER: a mapping of the keys of 2.2, or a bare value."""
    if value is None:
        checker.add(loc, "risposta mancante: scrivi un id, un giocatore o una mappa come {use: false}")
        return
    if isinstance(value, bool):
        checker.add(loc, f"«{str(value).lower()}» da solo non è una risposta: per un'abilità facoltativa scrivi "
                         f"{{use: {str(value).lower()}}}")
        return
    if not isinstance(value, Mapping):
        _bare(checker, value, loc)
        return
    for key, part in value.items():
        kloc = (*loc, str(key))
        if key not in ANSWER_KEYS:
            checker.add(kloc, f"chiave sconosciuta «{key}» in una risposta: le chiavi possibili sono "
                              f"{', '.join(ANSWER_KEYS)}{_near(str(key), ANSWER_KEYS)}")
        elif key == "targets":
            if not isinstance(part, list):
                checker.add(kloc, "deve essere una lista di id o giocatori, come [Bruno]")
                continue
            for i, ref in enumerate(part):
                _ref(checker, ref, (*kloc, i), players=True)
        elif key == "use":
            if not isinstance(part, bool):
                checker.add(kloc, "deve essere true o false")
        elif key == "modes":
            if not isinstance(part, list) or not all(_is_int(m) and m >= 0 for m in part):
                checker.add(kloc, "deve essere una lista di numeri di modo (da 0), come [0, 2]")
        elif key == "x":
            if not _is_int(part):
                checker.add(kloc, "deve essere un numero intero")
            elif part < 0:
                checker.add(kloc, f"X non può essere negativo ({part}): usa 0 o un numero positivo")
        elif key == "divide":
            _divide(checker, part, kloc)
        elif key == "choose":
            if isinstance(part, list):
                # The cards a search finds (SCENARIO-FORMAT.md 2.6): a list of ids, possibly empty.
                for i, ref in enumerate(part):
                    _ref(checker, ref, (*kloc, i), players=False)
            elif part is None or isinstance(part, (Mapping, bool)):
                checker.add(kloc, "deve essere un valore singolo (un id, un giocatore, un colore o un tipo) o una "
                                  "lista di id (le carte che una ricerca trova)")


def _divide(checker: RefChecker, value: Any, loc: Loc) -> None:
    if not isinstance(value, Mapping) or not value:
        checker.add(loc, "deve essere una mappa bersaglio: quantità, come {grizzly-bears: 2, Bruno: 1}")
        return
    for target, n in value.items():
        tloc = (*loc, str(target))
        _ref(checker, target, tloc, players=True)
        if not _is_int(n) or n < 1:
            checker.add(tloc, f"ogni bersaglio riceve almeno 1 (CR 601.2d), non «{n}»")


def _bare(checker: RefChecker, value: Any, loc: Loc) -> None:
    """A bare value: an id or a player (targets), or a game term such as a colour or a type (``choose``)."""
    from judgekit.scenario.terms import CATEGORIES, canonical

    if not isinstance(value, (str, int, float)):
        checker.add(loc, "una risposta è un id, un giocatore o una mappa come {targets: [...], use: false}")
        return
    text = str(value)
    if checker.known(text) or text in checker.players:
        return
    if any(canonical(text, category) is not None for category in CATEGORIES if category != "counter"):
        return
    checker.add(loc, f"id o giocatore sconosciuto «{text}»{checker.suggest(text)}")


# ------------------------------------------------------------------------------------------------------
# Building the script


def answer_of(raw: Any, key: KeyPath) -> Answer:
    """One ANSWER: a mapping of its keys, or a bare value."""
    if isinstance(raw, Mapping):
        targets = raw.get("targets")
        divide = raw.get("divide")
        modes = raw.get("modes")
        return Answer(
            targets=tuple(str(t) for t in targets) if targets is not None else None,
            use=raw.get("use"),
            modes=tuple(int(m) for m in modes) if modes is not None else None,
            x=raw.get("x"),
            divide=tuple((str(t), int(n)) for t, n in divide.items()) if divide is not None else None,
            choose=str(raw["choose"]) if raw.get("choose") is not None and not isinstance(raw["choose"], list)
            else None,
            choose_list=tuple(str(c) for c in raw["choose"]) if isinstance(raw.get("choose"), list) else None,
            key=key,
        )
    return Answer(bare=str(raw), key=key)


def build_script(choices: Mapping[str, Any]) -> Script:
    """The script of a validated ``choices`` mapping."""
    script = Script(keys=list(choices))
    for name, raw in choices.items():
        loc: KeyPath = ("choices", name)
        script.locs[name] = loc
        if name == "apnap_order":
            script.apnap_order = {str(p): [str(i) for i in ids] for p, ids in dict(raw or {}).items()}
        elif name == "legend_rule":
            script.legend_rule = [str(i) for i in raw or []]
        elif name == "replacement_order":
            script.replacement_order = [str(i) for i in raw or []]
        elif name == "discard":
            script.discard = {str(p): [str(i) for i in ids] for p, ids in dict(raw or {}).items()}
        elif name == "sacrifice":
            script.sacrifice = {str(p): [str(i) for i in ids] for p, ids in dict(raw or {}).items()}
        elif name == "shuffle":
            script.shuffle = {str(p): [str(i) for i in ids] for p, ids in dict(raw or {}).items()}
        elif name in RESERVED_KEYS:
            continue
        elif isinstance(raw, list):
            script.sources[name] = SourceAnswers(tuple(answer_of(a, (*loc, i)) for i, a in enumerate(raw)))
            if raw and isinstance(raw[0], str):
                script.legend[name] = raw[0]
        else:
            script.sources[name] = SourceAnswers((answer_of(raw, loc),), every=True)
            if isinstance(raw, str):
                script.legend[name] = raw
    script.aliases = _aliases(choices)
    return script


def _aliases(choices: Mapping[str, Any]) -> dict[str, str]:
    """Every ``choose`` value that names a colour, a card type or a subtype in another form (an Italian name, another
    case): its canonical English term (SCENARIO-FORMAT.md 2.4)."""
    from judgekit.scenario.terms import canonical

    out: dict[str, str] = {}
    for name, raw in choices.items():
        if name in RESERVED_KEYS:
            continue
        for ans in raw if isinstance(raw, list) else [raw]:
            value = ans.get("choose") if isinstance(ans, Mapping) else ans
            if not isinstance(value, str):
                continue
            for category in ("color", "type", "subtype"):
                found = canonical(value, category)
                if found is not None and found != value:
                    out[value] = found
                    break
    return out
