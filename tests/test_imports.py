"""The package's import structure, read with ``ast`` (nothing is imported).

- The rules core (``judgekit.engine``) imports only the standard library and itself: no scenario loader,
  corpus, cache, search, policy, render, ruling, yaml or pydantic.
- No import circle anywhere in ``judgekit/``, counting imports inside functions too.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "judgekit"
CORE = "judgekit.engine"


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, module: str) -> set[str]:
    """Every module name ``path`` imports (absolute, relative resolved), outside ``if TYPE_CHECKING``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for sub in node.body for n in ast.walk(sub))
    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges: set[str] = set()
        for target in _imports(path, name):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target not in (name, "judgekit"):
                edges.add(target)
        graph[name] = edges
    return graph


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(graph.get(module, ()))
    return seen


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other (directly or not), each sorted, in name order."""
    reach = {module: _reachable(graph, module) for module in graph}
    out: list[list[str]] = []
    placed: set[str] = set()
    for module in sorted(graph):
        if module in placed:
            continue
        group = sorted({module} | {other for other in reach[module] if module in reach.get(other, set())})
        if len(group) > 1:
            out.append(group)
            placed.update(group)
    return out


def test_rules_core_imports_only_the_standard_library_and_itself() -> None:
    offending = []
    for path in (PACKAGE / "engine").rglob("*.py"):
        name = _module_name(path)
        for target in sorted(_imports(path, name)):
            top = target.split(".")[0]
            if top == "judgekit":
                if target != CORE and not target.startswith(CORE + "."):
                    offending.append(f"{name} imports {target}")
            elif top not in sys.stdlib_module_names and top != "__future__":
                offending.append(f"{name} imports {target}")
    assert not offending, "\n".join(offending)


def test_no_import_circle_anywhere_in_the_package() -> None:
    circles = _circles(_graph())
    assert not circles, "\n".join(" <-> ".join(c) for c in circles)


def test_the_circle_finder_finds_a_circle() -> None:
    """The check itself can fail: a made-up graph with a circle is reported."""
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
