"""Safe YAML loading that remembers the line of every key and refuses hostile documents.

Data and scenario files are read with :func:`load_yaml`. Besides the plain data it returns a line
map (key path -> 1-based line), so that every validation message can name ``file:line key.path``.
Oversized documents, YAML aliases (the "billion laughs" expansion), duplicate keys and documents with
too many nodes are refused before they can exhaust memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judgekit.errors import InvalidFileError, Issue
from judgekit.fileio import read_bytes

MAX_BYTES = 4_000_000
MAX_NODES = 400_000

Loc = tuple[str | int, ...]

if TYPE_CHECKING:
    import yaml

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


class _Builder:
    def __init__(self, loader: Any, name: str, max_nodes: int) -> None:
        self.loader = loader
        self.name = name
        self.max_nodes = max_nodes
        self.count = 0
        self.seen: set[int] = set()
        self.lines: dict[Loc, int] = {}
        import yaml

        self.yaml = yaml

    def fail(self, node: yaml.Node, loc: Loc, message: str) -> InvalidFileError:
        return InvalidFileError([Issue(self.name, node.start_mark.line + 1, format_loc(loc), message)])

    def build(self, node: yaml.Node, loc: Loc) -> Any:
        yaml = self.yaml
        if id(node) in self.seen:
            raise self.fail(node, loc, "gli alias YAML (*nome) non sono ammessi")
        self.seen.add(id(node))
        self.count += 1
        if self.count > self.max_nodes:
            raise self.fail(node, loc, f"documento troppo grande: più di {self.max_nodes} elementi")
        self.lines.setdefault(loc, node.start_mark.line + 1)
        if isinstance(node, yaml.ScalarNode):
            return self.loader.construct_object(node)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*loc, i)) for i, item in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            result: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise self.fail(key_node, loc, "una chiave deve essere un testo semplice")
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise self.fail(key_node, loc, "le chiavi di unione YAML (<<) non sono ammesse")
                key = key_node.value
                key_loc = (*loc, key)
                if key in result:
                    raise self.fail(key_node, key_loc, f"chiave ripetuta «{key}»")
                self.lines[key_loc] = key_node.start_mark.line + 1
                result[key] = self.build(value_node, key_loc)
            return result
        raise self.fail(node, loc, "elemento YAML non riconosciuto")


# PyYAML's problems (and contexts), told in Italian; the original text is kept for anything else.
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
    ("expected ',' or ']'", "lista tra [ ] non chiusa: manca ',' o ']'"),
    ("expected ',' or '}'", "mappa tra { } non chiusa: manca ',' o '}'"),
]


def _italian_yaml_problem(problem: str) -> str:
    for needle, message in _YAML_PROBLEMS:
        if needle in problem:
            return message
    return f"errore di sintassi ({problem})"


def load_yaml_text(text: str, name: str, *, max_nodes: int = MAX_NODES) -> YamlDoc:
    """Parse one YAML document from ``text``; ``name`` is used in messages."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
    try:
        try:
            node = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else None
            problem = _italian_yaml_problem(" ".join(filter(None, (exc.problem, exc.context))))
            raise InvalidFileError([Issue(name, line, "", f"YAML non valido: {problem}")]) from None
        except yaml.YAMLError as exc:
            raise InvalidFileError([Issue(name, None, "", f"YAML non valido: {exc}")]) from None
        if node is None:
            return YamlDoc(None, name, {})
        builder = _Builder(loader, name, max_nodes)
        data = builder.build(node, ())
        return YamlDoc(data, name, builder.lines)
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
    raw = read_bytes(path)
    if len(raw) > max_bytes:
        raise InvalidFileError([Issue(shown, None, "", f"file troppo grande (massimo {max_bytes} byte)")])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidFileError([Issue(shown, None, "", f"il file non è in UTF-8 (byte {exc.start})")]) from None
    return load_yaml_text(text, shown)
