"""Strict pydantic models and Italian validation messages as ``file:line  key.path: message``.

Imported only where files are validated (compiling the cache, loading scenarios, ``judgekit check``),
never on the lookup path.
"""

from __future__ import annotations

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


def _real_loc(loc: tuple[Any, ...], data: Any) -> Loc:
    """Drop the parts of a pydantic location that are not in the data (union and tag names)."""
    out: list[str | int] = []
    current = data
    for i, part in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(current, dict) and part in current:
            out.append(part)
            current = current[part]
        elif isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            out.append(part)
            current = current[part]
        elif last and isinstance(part, str) and isinstance(current, dict):
            out.append(part)
    return tuple(out)


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
        hint = ""
        if model is not None:
            from rapidfuzz import process

            best = process.extractOne(key, sorted(_field_names(model)), score_cutoff=70)
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


def issues_from_validation(exc: ValidationError, doc: YamlDoc, model: type[BaseModel] | None = None,
                           base: Loc = ()) -> list[Issue]:
    """Every error of ``exc`` as an :class:`Issue` pointing into ``doc``."""
    issues: list[Issue] = []
    seen: set[tuple[str, str]] = set()
    root = doc.data
    for part in base:
        if isinstance(root, dict):
            root = root.get(part)
        elif isinstance(root, list) and isinstance(part, int):
            root = root[part]
    for error in exc.errors():
        loc = (*base, *_real_loc(tuple(error.get("loc", ())), root))
        message = italian_message(error, model)
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
