"""A scenario's ``choices`` as the rules core's :class:`~judgekit.engine.choices.Script` (SCENARIO-FORMAT.md
"Choices" and 2.2 "Choices for every decision").

Under an object's key: one ANSWER (used for every decision of that object) or a list of ANSWERs (one per
decision, in the order the decisions are made). An ANSWER is a mapping with any of ``targets``, ``use``,
``modes``, ``x``, ``divide``, ``choose``, or a bare value. The reserved keys are ``apnap_order``,
``legend_rule``, ``replacement_order``, ``discard`` and ``sacrifice``. The values reach this module already
validated and with names resolved to ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judgekit.engine.choices import Answer, KeyPath, Script, SourceAnswers

RESERVED_KEYS = ("apnap_order", "legend_rule", "replacement_order", "discard", "sacrifice", "shuffle")


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
            choose=str(raw["choose"]) if raw.get("choose") is not None else None,
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
    return script
