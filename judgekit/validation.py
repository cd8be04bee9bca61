"""Strict pydantic models and Italian validation messages as ``file:line  key.path: message``.

Imported only where files are validated (compiling the cache, loading scenarios, ``judgekit check``),
never on the lookup path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from judgekit.errors import InvalidFileError, Issue
from judgekit.yamlio import Loc, YamlDoc, format_loc


class StrictModel(BaseModel):
    """Base of every model read from YAML: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=False)


M = TypeVar("M", bound=BaseModel)

_TYPE_NAMES = {
    "str": "un testo",
    "string": "un testo",
    "int": "un numero intero",
    "float": "un numero",
    "decimal": "un numero",
    "bool": "true o false",
    "list": "una lista",
    "tuple": "una lista",
    "set": "una lista",
    "frozen_set": "una lista",
    "iterable": "una lista",
    "dict": "una mappa (chiave: valore)",
}

# pydantic error types told with a fixed Italian sentence; ``{value}`` and context keys are filled in.
_FIXED: dict[str, str] = {
    "string_sub_type": "deve essere un testo, non «{value}»",
    "string_unicode": "deve essere un testo, non «{value}»",
    "string_not_ascii": "il testo «{value}» deve contenere solo caratteri ASCII",
    "string_too_short": "il testo deve avere almeno {min_length} caratteri",
    "string_too_long": "il testo può avere al massimo {max_length} caratteri",
    "none_required": "deve essere vuoto (null), non «{value}»",
    "finite_number": "deve essere un numero finito, non «{value}»",
    "multiple_of": "deve essere un multiplo di {multiple_of}",
    "int_from_float": "deve essere un numero intero, non «{value}»",
    "decimal_max_digits": "troppe cifre in «{value}»",
    "decimal_max_places": "troppe cifre decimali in «{value}»",
    "decimal_whole_digits": "troppe cifre intere in «{value}»",
    "date_from_datetime_inexact": "deve essere una data AAAA-MM-GG, senza ora: non «{value}»",
    "date_past": "deve essere una data passata, non «{value}»",
    "date_future": "deve essere una data futura, non «{value}»",
    "datetime_type": "deve essere una data e ora, non «{value}»",
    "datetime_parsing": "deve essere una data e ora AAAA-MM-GG hh:mm, non «{value}»",
    "datetime_from_date_parsing": "deve essere una data e ora AAAA-MM-GG hh:mm, non «{value}»",
    "time_type": "deve essere un'ora hh:mm, non «{value}»",
    "time_parsing": "deve essere un'ora hh:mm, non «{value}»",
    "recursion_loop": "struttura ricorsiva non ammessa",
    "frozen_field": "questo campo non si può cambiare",
    "frozen_instance": "questo valore non si può cambiare",
    "is_instance_of": "tipo di valore non ammesso «{value}»",
    "is_subclass_of": "tipo di valore non ammesso «{value}»",
    "dataclass_type": "deve essere una mappa (chiave: valore)",
    "dataclass_exact_type": "deve essere una mappa (chiave: valore)",
    "model_attributes_type": "deve essere una mappa (chiave: valore)",
    "union_tag_not_found": "manca la chiave che indica il tipo ({discriminator})",
    "literal_error": "valore non ammesso «{value}»: ammessi {expected}",
    "enum": "valore non ammesso «{value}»: ammessi {expected}",
    "bytes_type": "deve essere un testo, non «{value}»",
    "callable_type": "valore non ammesso «{value}»",
    "uuid_type": "deve essere un identificativo UUID, non «{value}»",
    "uuid_parsing": "deve essere un identificativo UUID, non «{value}»",
    "url_type": "deve essere un indirizzo web, non «{value}»",
    "url_parsing": "deve essere un indirizzo web, non «{value}»",
    "json_invalid": "testo JSON non valido",
    "json_type": "deve essere un testo JSON",
    "no_such_attribute": "chiave sconosciuta",
    "get_attribute_error": "valore non leggibile",
    "default_factory_not_called": "valore predefinito non disponibile",
    "invalid_key": "chiave non valida «{value}»",
}


def _pydantic_error_types() -> frozenset[str]:
    """Every error type pydantic itself can report (anything else is a custom type with our own message)."""
    import typing

    from pydantic_core.core_schema import ErrorType

    return frozenset(typing.get_args(ErrorType))


class _Blank(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return ""


def _field_names(model: type[BaseModel], seen: set[type] | None = None) -> set[str]:
    """Every field name (and alias) of ``model`` and of the models nested in it."""
    seen = seen if seen is not None else set()
    if model in seen:
        return set()
    seen.add(model)
    names: set[str] = set()
    for name, info in model.model_fields.items():
        names.add(info.alias or name)
        for sub in _nested_models(info.annotation):
            names |= _field_names(sub, seen)
    return names


def _nested_models(annotation: Any) -> list[type[BaseModel]]:
    found: list[type[BaseModel]] = []
    stack = [annotation]
    while stack:
        item = stack.pop()
        if isinstance(item, type) and issubclass(item, BaseModel):
            found.append(item)
            continue
        stack.extend(getattr(item, "__args__", ()) or ())
        origin = getattr(item, "__origin__", None)
        if origin is not None and origin is not item:
            stack.extend(getattr(origin, "__args__", ()) or ())
    return found


def italian_message(error: Any, model: type[BaseModel] | None = None) -> str:
    """Translate one pydantic error dict into an Italian sentence."""
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    value = error.get("input")
    if kind == "missing":
        return "campo obbligatorio mancante"
    if kind == "extra_forbidden":
        key = str(error.get("loc", ("",))[-1])
        # A model may say plainly why a key is refused (what the format does not model, scenario/limits.py).
        special = getattr(model, "unknown_key_message", None)
        said = special(key) if callable(special) else None
        if said:
            return str(said)
        hint = ""
        if model is not None:
            from rapidfuzz import process

            # The names of the whole model: a key that is a field elsewhere is no hint at its own place.
            best = process.extractOne(key, sorted(_field_names(model) - {key}), score_cutoff=70)
            if best:
                hint = f" (forse intendevi «{best[0]}»?)"
        return f"chiave sconosciuta «{key}»{hint}"
    if kind in ("literal_error", "enum"):
        return f"valore non ammesso «{value}»: ammessi {ctx.get('expected', '')}"
    if kind in ("union_tag_invalid",):
        return f"tipo non riconosciuto «{ctx.get('tag', value)}»: ammessi {ctx.get('expected_tags', '')}"
    if kind == "union_tag_not_found":
        return f"manca la chiave che indica il tipo ({ctx.get('discriminator', '')})"
    for suffix, name in _TYPE_NAMES.items():
        if kind in (f"{suffix}_type", f"{suffix}_parsing", f"{suffix}_from_float"):
            return f"deve essere {name}, non «{value}»"
    if kind in ("model_type", "model_attributes_type", "dict_type", "mapping_type"):
        return "deve essere una mappa (chiave: valore)"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bounds = {"greater_than_equal": "almeno", "greater_than": "maggiore di",
                  "less_than_equal": "al massimo", "less_than": "minore di"}
        limit = next(iter(ctx.values()), "")
        return f"deve essere {bounds[kind]} {limit}"
    if kind == "too_short":
        return f"servono almeno {ctx.get('min_length', '')} elementi"
    if kind == "too_long":
        return f"al massimo {ctx.get('max_length', '')} elementi"
    if kind == "string_pattern_mismatch":
        return f"formato non valido «{value}»"
    if kind in ("date_from_datetime_parsing", "date_parsing", "date_type"):
        return f"deve essere una data AAAA-MM-GG, non «{value}»"
    if kind in ("value_error", "assertion_error"):
        message = str(error.get("msg", ""))
        for prefix in ("Value error, ", "Assertion failed, "):
            if message.startswith(prefix):
                message = message[len(prefix):]
        return message
    if kind in _FIXED:
        return _FIXED[kind].format_map(_Blank({**{k: str(v) for k, v in ctx.items()}, "value": value}))
    for suffix, name in _TYPE_NAMES.items():
        if kind.startswith(f"{suffix}_"):
            return f"deve essere {name}, non «{value}»"
    if kind not in _pydantic_error_types():  # a custom error type: its message is ours, in Italian
        return str(error.get("msg", "")) or "valore non valido"
    return f"valore non valido «{value}»"


# Error types that say a value is not of a union branch's kind at all (a text where a mapping is expected...).
_KIND_ERRORS = frozenset({"literal_error", "enum", "model_type", "model_attributes_type", "dict_type", "list_type",
                          "string_type", "int_type", "int_parsing", "int_from_float", "bool_type", "bool_parsing",
                          "float_type", "float_parsing", "none_required", "is_instance_of", "tuple_type", "set_type"})
# Error types that say a mapping does not have a branch's shape (its keys).
_SHAPE_ERRORS = frozenset({"missing", "extra_forbidden"})


@dataclass
class _Error:
    """One pydantic error and its location split into steps: ``(True, key)`` for a key or index of the data,
    ``(False, label)`` for the name pydantic gives a union branch (not in the data)."""

    order: int
    steps: list[tuple[bool, str | int]]
    error: dict[str, Any] | None
    message: str | None = None          # a message made here (several union branches told as one)

    def data_loc(self) -> Loc:
        return tuple(part for is_data, part in self.steps if is_data)


def _steps(loc: tuple[Any, ...], root: Any, kind: str) -> list[tuple[bool, str | int]]:
    out: list[tuple[bool, str | int]] = []
    current = root
    for i, part in enumerate(loc):
        if isinstance(current, dict) and part in current:
            out.append((True, part))
            current = current[part]
        elif isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            out.append((True, part))
            current = current[part]
        elif i == len(loc) - 1 and kind == "missing" and isinstance(part, str):
            out.append((True, part))  # the key that is missing
        else:
            out.append((False, part))
    return out


def _branch_score(group: list[_Error], depth: int) -> tuple[int, int, int]:
    """How badly a union branch fits: the value is not of its kind at all, then keys missing or unknown at its
    top, then the number of errors (lower is better)."""
    kind = shape = 0
    for item in group:
        if item.error is None:
            continue
        below = sum(1 for is_data, _ in item.steps[depth + 1:] if is_data)
        if below == 0 and item.error.get("type") in _KIND_ERRORS:
            kind = 1
        elif below <= 1 and item.error.get("type") in _SHAPE_ERRORS:
            shape += 1
    return kind, shape, len(group)


def _choose(items: list[_Error], depth: int, root: Any, models: dict[str, type[BaseModel]]) -> list[_Error]:
    """The errors worth telling: where the value could have been one of several union branches, only those of
    the branch it fits best, or one message naming what is allowed when no branch fits better than another."""
    done = [item for item in items if len(item.steps) <= depth]
    data: dict[Any, list[_Error]] = {}
    branches: dict[Any, list[_Error]] = {}
    for item in items:
        if len(item.steps) > depth:
            is_data, part = item.steps[depth]
            (data if is_data else branches).setdefault(part, []).append(item)
    out = list(done)
    for group in data.values():
        out += _choose(group, depth + 1, root, models)
    if len(branches) == 1:
        out += _choose(next(iter(branches.values())), depth + 1, root, models)
    elif branches:
        scored = sorted(branches.items(), key=lambda kv: _branch_score(kv[1], depth))
        best = _branch_score(scored[0][1], depth)
        tied = [(label, group) for label, group in scored if _branch_score(group, depth) == best]
        if best[0]:  # the value is of no branch's kind: say every kind that may be written
            out.append(_one_message(scored, depth, root, models))
        elif best[:2] == (0, 0) or len(tied) == 1:
            out += _choose(scored[0][1], depth + 1, root, models)
        else:
            out.append(_one_message(tied, depth, root, models))
    return out


def _join(words: list[str], last: str = "o") -> str:
    return f"{', '.join(words[:-1])} {last} {words[-1]}" if len(words) > 1 else words[0]


def _literals(group: list[_Error]) -> list[str]:
    """The values a literal branch accepts (``'tap', 'untap' or 'sacrifice_self'`` -> three words)."""
    import re

    for item in group:
        err = item.error or {}
        if err.get("type") in ("literal_error", "enum"):
            return re.findall(r"'([^']*)'", str((err.get("ctx") or {}).get("expected", "")))
    return []


def _one_message(tied: list[tuple[Any, list[_Error]]], depth: int, root: Any,
                 models: dict[str, type[BaseModel]]) -> _Error:
    """One message for a value no union branch fits better than another: what each branch accepts."""
    import json

    from rapidfuzz import process

    prefix = tied[0][1][0].steps[:depth]
    value: Any = root
    for is_data, part in prefix:
        if is_data and isinstance(value, (dict, list)):
            value = value[part]  # type: ignore[index]
    shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    literals: list[str] = []
    maps: list[list[str]] = []
    others: list[str] = []
    for label, group in tied:
        words, keys = _literals(group), _keys_of(label, models)
        if words:
            literals += [w for w in words if w not in literals]
        elif keys:
            maps.append(keys)
        else:
            other = _TYPE_NAMES.get(str(label).split("[")[0], f"«{label}»")
            if other not in others:
                others.append(other)
    kinds = [_join(literals)] if literals else []
    if maps and all(len(keys) == 1 for keys in maps):
        kinds.append("una mappa con una sola chiave tra " + _join([keys[0] for keys in maps], "e"))
    else:
        kinds += ["una mappa con " + _join(keys) if len(keys) <= 6 else
                  f"una mappa con chiavi come {', '.join(keys[:4])}…" for keys in maps]
    kinds += others
    message = f"valore non ammesso «{shown}»; si può scrivere {_join(kinds, 'oppure')}"
    if isinstance(value, str) and literals:
        near = process.extractOne(value, literals, score_cutoff=70)
        if near:
            message += f" (forse intendevi «{near[0]}»?)"
    if isinstance(value, dict):
        known = sorted({k for keys in maps for k in keys})
        for key in value:
            if str(key) not in known:
                near = process.extractOne(str(key), known, score_cutoff=70)
                if near:
                    message += f" (chiave sconosciuta «{key}»: forse intendevi «{near[0]}»?)"
                    break
    return _Error(min(item.order for _label, group in tied for item in group), list(prefix), None, message)


def _keys_of(label: Any, models: dict[str, type[BaseModel]]) -> list[str]:
    import re

    match = re.search(r"([A-Z][A-Za-z0-9]*)\]*$", str(label))
    model = models.get(match.group(1)) if match else None
    return [info.alias or name for name, info in model.model_fields.items()] if model is not None else []


def _models_by_name(model: type[BaseModel] | None) -> dict[str, type[BaseModel]]:
    found: dict[str, type[BaseModel]] = {}
    stack = [model] if model is not None else []
    while stack:
        current = stack.pop()
        if current.__name__ in found:
            continue
        found[current.__name__] = current
        for info in current.model_fields.values():
            stack.extend(_nested_models(info.annotation))
    return found


def issues_from_validation(exc: ValidationError, doc: YamlDoc, model: type[BaseModel] | None = None,
                           base: Loc = ()) -> list[Issue]:
    """Every error of ``exc`` as an :class:`Issue` pointing into ``doc``.

    Where a value could be one of several kinds (a union without a key that says which), pydantic reports every
    kind it tried; only the errors of the kind the value fits best are kept, or one message saying what is
    allowed when it fits none better than another.
    """
    root = doc.data
    for part in base:
        if isinstance(root, dict):
            root = root.get(part)
        elif isinstance(root, list) and isinstance(part, int):
            root = root[part]
    items = [_Error(i, _steps(tuple(error.get("loc", ())), root, str(error.get("type", ""))), dict(error))
             for i, error in enumerate(exc.errors())]
    kept = sorted(_choose(items, 0, root, _models_by_name(model)), key=lambda item: item.order)
    issues: list[Issue] = []
    seen: set[tuple[str, str]] = set()
    for item in kept:
        loc = (*base, *item.data_loc())
        message = item.message if item.message is not None else italian_message(item.error, model)
        key = (format_loc(loc), message)
        if key in seen:
            continue
        seen.add(key)
        issues.append(doc.issue(loc, message))
    return issues


def validate_doc(model: type[M], doc: YamlDoc, *, context: dict[str, Any] | None = None) -> M:
    """Validate the whole document against ``model``; raise :class:`InvalidFileError` with all issues."""
    try:
        return model.model_validate(doc.data, context=context)
    except ValidationError as exc:
        raise InvalidFileError(issues_from_validation(exc, doc, model)) from None
