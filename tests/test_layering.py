"""The layering the tree promises, read from the source (nothing is imported): no import circle among dashboard
modules; no lesson (dashboard/lessons/<lesson>/) imports another; Streamlit only in dashboard/ui/, the pages and a
concept package's page side (its ``view_*.py`` modules); torch only in the readers (dashboard/checkpoints/) and the
forward passes (dashboard/forward/); ``EXPLORER_*`` settings named only in dashboard/settings.py.

An import is an ``import`` or ``from ... import`` statement anywhere in a module (inside a function or under
``if TYPE_CHECKING:`` too: a circle hidden there is still a circle), or ``importlib.import_module`` /
``import_in_background`` called with a literal name. Imports by a computed name are not seen (the wall's child
preloads its readers' libraries, torch among them, from a tuple: dashboard/wall/child.py). No page pulls in more
library modules than :data:`PAGE_MODULES_AT_MOST` allows.
"""

from __future__ import annotations

import ast
import re
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Where each library may be imported (``fnmatch`` patterns of paths relative to the root, ``*`` crossing folders):
#: Streamlit in the shared UI kit, in a concept package's page side (its ``view_*.py`` modules) and in the app.
ALLOWED = {
    "streamlit": ("dashboard/ui/*", "dashboard/*/view_*.py", "pages/*", "app.py"),
    "torch": ("dashboard/checkpoints/*", "dashboard/forward/*"),
}
#: The package holding one package per lesson page.
LESSONS = "dashboard.lessons"
#: Modules outside those folders that may import them anyway, each with its reason. Empty: every import is in place.
EXCEPTIONS: dict[tuple[str, str], str] = {}
#: A string that is a settings variable's name (or the prefix of one being built): what reading one takes.
SETTING_NAME = re.compile(r"EXPLORER_[A-Z0-9_]*")
SETTINGS_MODULE = "dashboard/settings.py"
DYNAMIC_IMPORTERS = ("import_module", "import_in_background")


def _sources() -> list[Path]:
    return sorted([*ROOT.glob("dashboard/**/*.py"), *ROOT.glob("pages/*.py"), ROOT / "app.py"])


def _module_name(path: Path) -> str:
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return name.removesuffix(".__init__")


def _imports(path: Path) -> list[tuple[str, int]]:
    """Every module name ``path`` imports, with the line: ``from a.b import c`` gives ``a.b`` and ``a.b.c``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            found += [(base, node.lineno)] + [(f"{base}.{alias.name}", node.lineno) for alias in node.names]
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", None)) in DYNAMIC_IMPORTERS):
            found.append((node.args[0].value, node.lineno))
    return found


def _graph() -> dict[str, dict[str, int]]:
    """Dashboard module -> {dashboard module it imports: the line of the first such import}."""
    paths = {_module_name(p): p for p in ROOT.glob("dashboard/**/*.py")}
    graph: dict[str, dict[str, int]] = {}
    for module, path in paths.items():
        edges: dict[str, int] = {}
        for name, line in _imports(path):
            while name and name not in paths:
                name = name.rpartition(".")[0]
            if name and name != module:
                edges.setdefault(name, line)
        graph[module] = edges
    return graph


def _circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
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
                    work.append((child, iter(graph[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _cycle_through(component: list[str], graph: dict[str, dict[str, int]]) -> list[str]:
    """A shortest circle through ``component[0]`` within ``component``, as ``module (line N) imports module`` steps."""
    start, members = component[0], set(component)
    parent: dict[str, str] = {}
    queue = [start]
    while queue:
        here = queue.pop(0)
        if start in graph[here]:
            path = [here]
            while path[-1] != start:
                path.append(parent[path[-1]])
            path = [start] + path[::-1][1:] + [start] if here != start else [start, start]
            return [f"{a} (line {graph[a][b]}) imports {b}" for a, b in zip(path, path[1:])]
        for step in sorted(graph[here]):
            if step in members and step not in parent and step != start:
                parent[step] = here
                queue.append(step)
    return component


def test_no_import_circle_among_dashboard_modules():
    graph = _graph()
    circles = [" -> ".join(_cycle_through(c, graph)) for c in _circles(graph)]
    assert not circles, "import circles (move the shared piece down a layer):\n" + "\n".join(circles)


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b": 3}, "b": {"c": 5}, "c": {"a": 7, "d": 1}, "d": {}}
    assert _circles(graph) == [["a", "b", "c"]]
    assert _cycle_through(["a", "b", "c"], graph) == ["a (line 3) imports b", "b (line 5) imports c",
                                                      "c (line 7) imports a"]


def _lesson_crossings(graph: dict[str, dict[str, int]]) -> list[str]:
    """Each import of one lesson's module by another lesson's, as ``module (line N) imports module``."""
    def lesson(module: str) -> str | None:
        rest = module.removeprefix(LESSONS + ".")
        return rest.split(".")[0] if rest != module else None

    return [f"{module} (line {line}) imports {target}" for module, edges in graph.items() if lesson(module)
            for target, line in edges.items() if lesson(target) not in (None, lesson(module))]


def test_no_lesson_imports_another():
    crossings = _lesson_crossings(_graph())
    assert not crossings, "a lesson imports another (move the shared piece to analysis/, charts/ or ui/):\n" + \
        "\n".join(crossings)


def test_the_lesson_rule_sees_a_crossing_and_only_that():
    graph = {f"{LESSONS}.a.x": {f"{LESSONS}.a.y": 1, f"{LESSONS}.b.view": 2, "dashboard.analysis.norms": 3},
             f"{LESSONS}.b.view": {f"{LESSONS}.b": 4}, "dashboard.ui.state": {f"{LESSONS}.a.x": 5}}
    assert _lesson_crossings(graph) == [f"{LESSONS}.a.x (line 2) imports {LESSONS}.b.view"]


def test_streamlit_and_torch_are_imported_only_where_they_belong():
    misplaced = []
    for path in _sources():
        where = path.relative_to(ROOT).as_posix()
        for name, line in _imports(path):
            library = name.split(".")[0]
            if (library in ALLOWED and not any(fnmatch(where, pattern) for pattern in ALLOWED[library])
                    and (where, library) not in EXCEPTIONS):
                misplaced.append(f"{where}:{line} imports {name} (allowed in {', '.join(ALLOWED[library])})")
    assert not misplaced, "\n".join(misplaced)


def test_every_exception_is_still_needed():
    needed = {(path.relative_to(ROOT).as_posix(), name.split(".")[0]) for path in _sources()
              for name, _ in _imports(path)}
    assert set(EXCEPTIONS) <= needed, f"exceptions no import needs any more: {set(EXCEPTIONS) - needed}"


def test_explorer_settings_are_named_only_in_the_settings_module():
    """A settings variable's name as a string (``"EXPLORER_CACHE_DIR"``, or ``"EXPLORER_"`` to build one) is what
    reading it from the environment takes; prose that mentions one (docstrings, messages) is not such a string."""
    readers = []
    for path in _sources():
        where = path.relative_to(ROOT).as_posix()
        if where == SETTINGS_MODULE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and SETTING_NAME.fullmatch(node.value):
                readers.append(f"{where}:{node.lineno} names {node.value!r} (take it from dashboard.settings)")
    assert not readers, "\n".join(readers)


#: Library modules each page pulls in (its imports and theirs, as ``../shared/tools/house_facts.py`` counts them), at
#: most: the counts when this was last lowered, so a change that pulls more into a page fails here. The target is 35
#: for every page (docs/architecture.md, "Not yet in this shape"); lower a number when a page gets lighter.
PAGE_MODULES_AT_MOST = {
    "compare": 33, "initialisation": 28, "load": 35, "lookup": 43, "neighbours": 43, "overview": 27,
    "parameter_calculator": 27, "perturb": 42, "positions": 45, "reorder": 43, "similarity": 43,
    "similarity_quiz": 40, "token_map": 60, "training": 49, "undertrained": 38,
}


def _pulled_in(page: Path, graph: dict[str, dict[str, int]]) -> set[str]:
    """The dashboard modules ``page`` imports, directly or through other dashboard modules."""
    todo, seen = [], set()
    for name, _ in _imports(page):
        while name and name not in graph:
            name = name.rpartition(".")[0]
        if name:
            todo.append(name)
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(graph[module])
    return seen


def test_no_page_pulls_in_more_library_modules_than_it_did():
    graph = _graph()
    counts = {page.stem: len(_pulled_in(page, graph)) for page in sorted(ROOT.glob("pages/*.py"))}
    assert counts.keys() == PAGE_MODULES_AT_MOST.keys(), "a page was added or removed: give it its number"
    heavier = {page: (count, PAGE_MODULES_AT_MOST[page]) for page, count in counts.items()
               if count > PAGE_MODULES_AT_MOST[page]}
    assert not heavier, f"pages pulling in more library modules than before (now, at most): {heavier}"


def test_the_page_count_follows_imports_through_other_modules():
    overview = ROOT / "pages" / "overview.py"
    pulled = _pulled_in(overview, _graph())
    assert "dashboard.wall.templates" in pulled  # through ui.loading and wall.tables, never named by the page
    assert "wall.templates" not in overview.read_text() and "dashboard.maps.umap_fit" not in pulled
