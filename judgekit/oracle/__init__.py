"""The Oracle text compiler: a card's English Oracle text -> the abilities of the scenario format.

``compile_card(text, name=..., types=...)`` returns a :class:`~judgekit.oracle.compiler.Compiled`: the card fields
a hand-written card file would have (``keywords``, ``abilities``, ``effect``, ``target``, ``modes``, ``choose``,
``as_enters``) and, line by line, the templates that read it with their CR rules, or why it stays unmodelled.

One module per family of templates, each a table of regular expressions over the normalised text (the card's name
written ``~``): :mod:`~judgekit.oracle.keywords`, :mod:`~judgekit.oracle.statics`,
:mod:`~judgekit.oracle.triggers`, :mod:`~judgekit.oracle.activated`, :mod:`~judgekit.oracle.replacements`,
:mod:`~judgekit.oracle.spells`, with the one-shot effects they share in :mod:`~judgekit.oracle.effects` and the
noun phrases in :mod:`~judgekit.oracle.objects`. :mod:`~judgekit.oracle.compare` puts a compiled card and a
hand-written one in one canonical form to compare them.

The rules core (``judgekit.engine``) never imports this package; it reads the format's vocabulary from the engine
and checks its output with :mod:`judgekit.scenario.models`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judgekit.oracle.compiler import Compiled

__all__ = ["compile_card"]


def compile_card(oracle: str, *, name: str, types: Any = (), subtypes: Any = (), supertypes: Any = ()) -> Compiled:
    """See :func:`judgekit.oracle.compiler.compile_card`."""
    from judgekit.oracle.compiler import compile_card as _compile

    return _compile(oracle, name=name, types=types, subtypes=subtypes, supertypes=supertypes)
