"""The import graph of ``stolik`` has no circles (issue 26.2: "import circles 9 → 0").

The graph: one node per module of ``src/stolik`` (a package is its ``__init__``), and an
edge ``a → b`` for each import ``a`` runs when it is imported — ``import b`` and
``from b import name`` (an edge to ``b``; and where ``b.name`` is a module, as in
``from package import submodule``, an edge to ``b.name`` instead), relative imports
resolved against ``a``'s package. Only imports executed at import time count: those at
module level, including inside a module-level ``if``/``try``/``with``, but not those in
``if TYPE_CHECKING:`` blocks (never run) nor in the body of a function (a lazy import runs
when the function is called, after every module involved has finished loading, so it cannot
make an import-time circle; the CLI uses them to start fast). The parent packages an import
loads implicitly are not edges (every submodule would otherwise sit in a circle with a
package that re-exports it).

A circle is a strongly connected component of more than one module (or a module importing
itself); the test names each with the imports that close it.

The issue's count (9 when it was filed) also took the lazy imports: modules that need each
other, one of them importing the other inside a function (7 such circles on 2026-12-07; 10
if the ``TYPE_CHECKING`` imports counted too, which never run). Those are design circles, not
import-time ones; :func:`test_the_lazy_circles_only_shrink` measures that graph too (every
import but those under ``TYPE_CHECKING``) against :data:`LAZY_CIRCLES`, the circles still
open, a list that may only shrink.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"


def module_name(path: Path, root: Path = SRC) -> str:
    """The dotted name of a module file under ``root``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def all_run_nodes(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of ``body`` that can run, in functions too (lazy imports),
    but not in ``if TYPE_CHECKING:`` blocks.

    >>> src = "if TYPE_CHECKING:\\n    import b\\ndef f():\\n    import d\\n"
    >>> [n.names[0].name for n in all_run_nodes(ast.parse(src).body)]
    ['d']
    """
    for node in body:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from all_run_nodes(node.orelse)
            continue
        for sub in ast.walk(node):
            if isinstance(sub, ast.Import | ast.ImportFrom):
                yield sub


def import_time_nodes(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements of ``body`` run at import time: module level, inside
    ``if``/``try``/``with`` blocks, not in ``if TYPE_CHECKING:`` nor in functions or classes'
    methods.

    >>> src = "import a\\nif TYPE_CHECKING:\\n    import b\\nelse:\\n    import c\\n"
    >>> src += "def f():\\n    import d\\n"
    >>> src += "try:\\n    import e\\nexcept ImportError:\\n    import g\\n"
    >>> [n.names[0].name for n in import_time_nodes(ast.parse(src).body)]
    ['a', 'c', 'e', 'g']
    """
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                yield from import_time_nodes(node.body)
            yield from import_time_nodes(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody,
                          *(h.body for h in node.handlers)):
                yield from import_time_nodes(block)
        elif isinstance(node, ast.With | ast.ClassDef):   # a class body runs at import time
            yield from import_time_nodes(node.body)


def import_graph(root: Path = SRC, top: str = "stolik",
                 lazy: bool = False) -> dict[str, dict[str, int]]:
    """Each module of ``root/top`` → the modules of the same tree it imports at import
    time (with ``lazy``, in functions too), each with the line of its first such import."""
    nodes = all_run_nodes if lazy else import_time_nodes
    paths = {module_name(p, root): p for p in sorted((root / top).rglob("*.py"))}
    graph: dict[str, dict[str, int]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: dict[str, int] = {}
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in nodes(tree.body):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                if node.level:
                    base = package.split(".")
                    base = base[:len(base) - node.level + 1]
                    mod = ".".join(base + ([node.module] if node.module else []))
                else:
                    mod = node.module or ""
                subs = [f"{mod}.{a.name}" for a in node.names if f"{mod}.{a.name}" in paths]
                targets = subs
                if len(subs) < len(node.names):
                    targets.append(mod)
            for t in targets:
                if t in paths:
                    edges.setdefault(t, node.lineno)
        graph[name] = edges
    return graph


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components with a circle (Tarjan's algorithm, iterative),
    each sorted, the list sorted.

    >>> circles({"a": {"b": 1}, "b": {"a": 1}, "c": {"a": 1}, "d": {"d": 1}})
    [['a', 'b'], ['d']]
    >>> circles({"a": {"b": 1}, "b": {"c": 1}, "c": {}})
    []
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, {})))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    component.append(m)
                    if m == node:
                        break
                if len(component) > 1 or node in graph.get(node, {}):
                    found.append(sorted(component))
    return sorted(found)


def describe(graph: dict[str, dict[str, int]], component: list[str]) -> str:
    """A circle with the imports inside it, one per line: ``a:LINE → b``."""
    inside = set(component)
    lines = [f"  {a}:{line} → {b}" for a in component
             for b, line in sorted(graph[a].items()) if b in inside]
    return f"circle of {len(component)} modules:\n" + "\n".join(lines)


def test_the_import_graph_has_no_circles() -> None:
    """Issue 26.2: import circles → 0 (import-time imports; see the module's docstring)."""
    graph = import_graph()
    found = circles(graph)
    report = "\n".join(describe(graph, c) for c in found)
    print(report)
    assert found == [], f"{len(found)} import circles:\n{report}"


LAZY_CIRCLES: list[list[str]] = [
]
"""The circles of the graph with lazy imports still open (issue 26.2), each sorted. Only
ever strike entries (or modules of one) from this list."""


def test_the_lazy_circles_only_shrink() -> None:
    """Issue 26.2: the circles of the graph with lazy imports are at most :data:`LAZY_CIRCLES`,
    and the list names no circle that is gone (strike it when it is broken)."""
    graph = import_graph(lazy=True)
    found = circles(graph)
    new = [c for c in found if c not in LAZY_CIRCLES]
    gone = [c for c in LAZY_CIRCLES if c not in found]
    print(f"{len(found)} lazy circles")
    assert new == [], "new circles:\n" + "\n".join(describe(graph, c) for c in new)
    assert gone == [], f"strike these from LAZY_CIRCLES: {gone}"


def test_the_graph_sees_a_circle(tmp_path: Path) -> None:
    """The check can fail: two modules importing each other (one relatively, one through
    ``from package import submodule``) make a circle; a lazy and a TYPE_CHECKING import
    do not."""
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import X\n")
    (pkg / "b.py").write_text("from toy import a\nX = 1\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from toy import d\n")
    (pkg / "d.py").write_text("def f():\n    from toy import c\n")
    graph = import_graph(tmp_path, "toy")
    assert circles(graph) == [["toy.a", "toy.b"]]
    assert graph["toy.c"] == {} and graph["toy.d"] == {}
    lazy = import_graph(tmp_path, "toy", lazy=True)
    assert lazy["toy.c"] == {} and lazy["toy.d"] == {"toy.c": 2}
