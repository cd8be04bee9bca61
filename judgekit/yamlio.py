"""Safe YAML loading that remembers the line of every key and refuses hostile documents.

Data and scenario files are read with :func:`load_yaml`. Besides the plain data it returns a line
map (key path -> 1-based line), so that every validation message can name ``file:line key.path``.
Oversized documents, YAML aliases (the "billion laughs" expansion), duplicate keys, documents with
too many nodes or nested too deep are refused before they can exhaust memory or the stack. Explicit tags
other than the plain scalar ones are refused; a date (``2024-02-30``) stays the text as written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judgekit.errors import InvalidFileError, Issue
from judgekit.fileio import read_bytes

MAX_BYTES = 4_000_000
MAX_NODES = 400_000
MAX_DEPTH = 64

Loc = tuple[str | int, ...]

# PyYAML is imported on first parse: a scenario served by the compiled cache never needs it.


def format_loc(loc: Loc) -> str:
    """``("battlefield", 2, "power")`` -> ``battlefield[2].power``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@dataclass
class YamlDoc:
    """A loaded YAML document: its data, where it came from and the line of each key path."""

    data: Any
    name: str
    lines: dict[Loc, int] = field(default_factory=dict)

    def line_of(self, loc: Loc) -> int | None:
        """The line of ``loc`` or of its nearest ancestor that has one."""
        loc = tuple(loc)
        while True:
            if loc in self.lines:
                return self.lines[loc]
            if not loc:
                return None
            loc = loc[:-1]

    def issue(self, loc: Loc, message: str) -> Issue:
        return Issue(self.name, self.line_of(loc), format_loc(loc), message)


_YAML = "tag:yaml.org,2002:"
# Scalar tags whose values are built as PyYAML builds them; a date or time stays the text as written.
_SCALAR_TAGS = {f"{_YAML}{name}" for name in ("str", "int", "float", "bool", "null")}
_TIMESTAMP = f"{_YAML}timestamp"
_TAG_NAMES = {f"{_YAML}{name}": f"un {label}" for name, label in (
    ("int", "numero intero"), ("float", "numero"), ("bool", "valore true o false"), ("null", "valore vuoto"))}


class _Builder:
    """Build the data from the parser's events, one level of nesting at a time (at most ``MAX_DEPTH``)."""

    def __init__(self, loader: Any, name: str, max_nodes: int, max_depth: int) -> None:
        self.loader = loader
        self.name = name
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.count = 0
        self.lines: dict[Loc, int] = {}
        import yaml

        self.yaml = yaml

    def fail(self, event: Any, loc: Loc, message: str) -> InvalidFileError:
        return InvalidFileError([Issue(self.name, event.start_mark.line + 1, format_loc(loc), message)])

    def build(self, loc: Loc, depth: int) -> Any:
        yaml = self.yaml
        event = self.loader.get_event()
        if isinstance(event, yaml.AliasEvent):
            raise self.fail(event, loc, "gli alias YAML (*nome) non sono ammessi")
        self.count += 1
        if self.count > self.max_nodes:
            raise self.fail(event, loc, f"documento troppo grande: più di {self.max_nodes} elementi")
        self.lines.setdefault(loc, event.start_mark.line + 1)
        if isinstance(event, yaml.ScalarEvent):
            return self.scalar(event, loc)
        if depth >= self.max_depth:
            raise self.fail(event, loc[:3], _too_deep(self.max_depth))
        if isinstance(event, yaml.SequenceStartEvent):
            self.check_collection_tag(event, loc, "seq")
            items: list[Any] = []
            while not self.loader.check_event(yaml.SequenceEndEvent):
                items.append(self.build((*loc, len(items)), depth + 1))
            self.loader.get_event()
            return items
        if isinstance(event, yaml.MappingStartEvent):
            self.check_collection_tag(event, loc, "map")
            result: dict[Any, Any] = {}
            while not self.loader.check_event(yaml.MappingEndEvent):
                key_event = self.loader.get_event()
                if not isinstance(key_event, yaml.ScalarEvent):
                    raise self.fail(key_event, loc, "una chiave deve essere un testo semplice")
                tag = self.resolved_tag(key_event)
                if tag == f"{_YAML}merge":
                    raise self.fail(key_event, loc, "le chiavi di unione YAML (<<) non sono ammesse")
                if tag not in _SCALAR_TAGS and tag != _TIMESTAMP:
                    raise self.fail(key_event, loc, self.tag_message(key_event.tag))
                key = key_event.value
                key_loc = (*loc, key)
                if key in result:
                    raise self.fail(key_event, key_loc, f"chiave ripetuta «{key}»")
                self.lines[key_loc] = key_event.start_mark.line + 1
                result[key] = self.build(key_loc, depth + 1)
            self.loader.get_event()
            return result
        raise self.fail(event, loc, "elemento YAML non riconosciuto")

    def resolved_tag(self, event: Any) -> str:
        if event.tag is None or event.tag == "!":
            return str(self.loader.resolve(self.yaml.ScalarNode, event.value, event.implicit))
        return str(event.tag)

    @staticmethod
    def tag_message(tag: str) -> str:
        shown = tag.replace(_YAML, "!!")
        return f"tag YAML «{shown}» non ammesso: scrivi il valore senza tag (un testo tra virgolette se serve)"

    def check_collection_tag(self, event: Any, loc: Loc, kind: str) -> None:
        if event.tag not in (None, "!", f"{_YAML}{kind}"):
            raise self.fail(event, loc, self.tag_message(event.tag))

    def scalar(self, event: Any, loc: Loc) -> Any:
        tag = self.resolved_tag(event)
        if tag == _TIMESTAMP:  # a date is kept as written: models that want a date parse it themselves
            return event.value
        if tag not in _SCALAR_TAGS:
            raise self.fail(event, loc, self.tag_message(tag))
        yaml = self.yaml
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            return self.loader.yaml_constructors[tag](self.loader, node)
        except (ValueError, TypeError, LookupError, ArithmeticError, yaml.YAMLError):
            shown = tag.replace(_YAML, "!!")
            raise self.fail(event, loc, f"«{event.value}» non è {_TAG_NAMES.get(tag, 'valido')} (tag {shown})") \
                from None


# PyYAML's problems (and contexts), told in Italian; the original text is kept for anything else.
def _too_deep(depth: int) -> str:
    return f"troppi livelli annidati: al massimo {depth} liste o mappe una dentro l'altra"


_YAML_PROBLEMS: list[tuple[str, str]] = [
    ("did not find expected ',' or ']'", "lista tra [ ] non chiusa: manca ',' o ']'"),
    ("did not find expected ',' or '}'", "mappa tra { } non chiusa: manca ',' o '}'"),
    ("mapping values are not allowed", "':' non ammesso qui: servono le virgolette attorno al valore, o manca "
                                        "un a capo"),
    ("found character that cannot start any token", "carattere non ammesso (una tabulazione? il rientro si fa "
                                                    "con gli spazi)"),
    ("found unexpected end of stream", "il file finisce prima del previsto: virgolette o parentesi non chiuse"),
    ("did not find expected '-' indicator", "elemento di lista non allineato: controlla il rientro dei '-'"),
    ("but found another document", "il file contiene più documenti YAML (---): ne è ammesso uno solo"),
    ("found unknown escape character", "sequenza con '\\' non valida tra virgolette doppie: usa le virgolette "
                                       "semplici"),
    ("did not find expected key", "rientro non coerente: chiave attesa non trovata"),
    ("found undefined alias", "gli alias YAML (*nome) non sono ammessi"),
    ("could not find expected ':'", "manca ':' dopo la chiave"),
    ("found duplicate anchor", "àncora YAML (&nome) ripetuta"),
    ("expected <block end>", "rientro non coerente"),
    ("expected comment or line break while scanning a block scalar", "dopo '|' o '>' si va a capo"),
    ("expected node content", "manca un valore (dopo '-', ':', '&' o un tag?)"),
    ("expected <document start>", "testo in più dopo la fine del documento: controlla il rientro"),
    ("found unexpected ':'", "':' non ammesso qui: servono le virgolette attorno al valore"),
    ("while scanning an anchor", "nome di àncora YAML (&nome) non valido"),
    ("while scanning an alias", "gli alias YAML (*nome) non sono ammessi: se '*' fa parte del testo, usa le "
                                "virgolette"),
    ("directive", "direttiva YAML (%) non ammessa: se '%' fa parte del testo, usa le virgolette"),
    ("block sequence entries are not allowed", "'-' non ammesso qui: controlla il rientro"),
    ("mapping keys are not allowed", "chiave non ammessa qui: controlla il rientro"),
    ("while scanning a tag", "tag YAML (!) non valido: se '!' fa parte del testo, usa le virgolette"),
    ("while parsing a tag", "tag YAML (!) non valido: se '!' fa parte del testo, usa le virgolette"),
    ("tab character that violates indentation", "tabulazione nel rientro: il rientro si fa con gli spazi"),
    ("expected hexdecimal number", "sequenza con '\\' non valida tra virgolette doppie: usa le virgolette "
                                   "semplici"),
    ("unexpected document indicator", "'---' o '...' a inizio riga dentro un testo tra virgolette"),
    ("special characters are not allowed", "il file contiene un carattere di controllo non ammesso"),
    ("control characters are not allowed", "il file contiene un carattere di controllo non ammesso"),
    ("invalid leading UTF-8 octet", "il file non è in UTF-8"),
    ("invalid trailing UTF-8 octet", "il file non è in UTF-8"),
    ("expected ',' or ']'", "lista tra [ ] non chiusa: manca ',' o ']'"),
    ("expected ',' or '}'", "mappa tra { } non chiusa: manca ',' o '}'"),
    # libyaml's own limit on nesting (its scanner stops long before ours would see the depth).
    ("exceeded maximum nesting depth", _too_deep(MAX_DEPTH)),
]


def _italian_yaml_problem(problem: str) -> str:
    for needle, message in _YAML_PROBLEMS:
        if needle in problem:
            return message
    return "errore di sintassi"


def load_yaml_text(text: str, name: str, *, max_nodes: int = MAX_NODES) -> YamlDoc:
    """Parse one YAML document from ``text``; ``name`` is used in messages."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    try:
        try:
            loader.get_event()  # stream start
            if loader.check_event(yaml.StreamEndEvent):
                return YamlDoc(None, name, {})
            loader.get_event()  # document start
            builder = _Builder(loader, name, max_nodes, MAX_DEPTH)
            data = builder.build((), 0)
            loader.get_event()  # document end
            if not loader.check_event(yaml.StreamEndEvent):
                line = loader.peek_event().start_mark.line + 1
                raise InvalidFileError([Issue(name, line, "", "YAML non valido: il file contiene più documenti "
                                                              "YAML (---): ne è ammesso uno solo")])
            return YamlDoc(data, name, builder.lines)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else None
            problem = _italian_yaml_problem(" ".join(filter(None, (exc.problem, exc.context))))
            raise InvalidFileError([Issue(name, line, "", f"YAML non valido: {problem}")]) from None
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
            line = mark.line + 1 if mark is not None else None
            problem = _italian_yaml_problem(" ".join(str(p) for p in (getattr(exc, "problem", None),
                                                                     getattr(exc, "context", None), exc) if p))
            raise InvalidFileError([Issue(name, line, "", f"YAML non valido: {problem}")]) from None
    finally:
        loader.dispose()


def load_yaml(path: Path, *, name: str | None = None, max_bytes: int = MAX_BYTES) -> YamlDoc:
    """Read and parse a YAML file, refusing files larger than ``max_bytes``."""
    shown = name or str(path)
    try:
        size = path.stat().st_size
    except OSError:
        size = 0
    if size > max_bytes:
        raise InvalidFileError([Issue(shown, None, "", f"file troppo grande ({size} byte, massimo {max_bytes})")])
    raw = read_bytes(path, max_bytes)
    if len(raw) > max_bytes:
        raise InvalidFileError([Issue(shown, None, "", f"file troppo grande (massimo {max_bytes} byte)")])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidFileError([Issue(shown, None, "", f"il file non è in UTF-8 (byte {exc.start})")]) from None
    return load_yaml_text(text, shown)


def load_data_or_none(text: str) -> Any:
    """The data of ``text``, or ``None`` when it is not a YAML document :func:`load_yaml_text` accepts.

    For quick listings (scenario index, card library) where one bad file must not stop the others: the
    command that needs the file loads it with :func:`load_yaml` and reports its problems.
    """
    try:
        return load_yaml_text(text, "").data
    except InvalidFileError:
        return None
