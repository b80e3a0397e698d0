"""Where things live: no import cycle anywhere, and the memory policy's module
names checked (a misspelt name would pass every other test: forgetting does
nothing on CPython)."""

import ast
import os

from host_sim import ROOT

PACKAGES = ("lostcities", "host_sim")


def modules():
    """{dotted name: path} of every module of the project's packages, and code.py."""
    found = {"code": os.path.join(ROOT, "code.py")}
    for package in PACKAGES:
        for folder, _, names in os.walk(os.path.join(ROOT, package)):
            for name in names:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    dotted = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                    found[dotted[:-len(".__init__")] if dotted.endswith(".__init__")
                          else dotted] = path
    return found


def imports_of(path, known):
    """The project's modules ``path`` imports, at its top or inside functions."""
    with open(path) as file:
        tree = ast.parse(file.read(), path)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + ["%s.%s" % (node.module, alias.name) for alias in node.names]
        else:
            continue
        for name in names:  # importing a module imports its packages first
            while name:
                if name in known:
                    found.add(name)
                name = name.rpartition(".")[0]
    return found


def graph():
    known = modules()
    return {name: imports_of(path, known) - {name} for name, path in known.items()}


def cycle_in(edges):
    """One import cycle as a list of modules, or None."""
    state = {}

    def visit(name, path):
        state[name] = "open"
        for other in sorted(edges.get(name, ())):
            if state.get(other) == "open":
                return path[path.index(other):] + [other]
            if other not in state:
                found = visit(other, path + [other])
                if found:
                    return found
        state[name] = "done"
        return None
    for name in sorted(edges):
        if name not in state:
            found = visit(name, [name])
            if found:
                return found
    return None


def test_no_module_imports_one_that_imports_it_back_even_inside_a_function():
    edges = graph()
    # a package's __init__ importing its own parts is a package, not a cycle
    for name in edges:
        edges[name] = {other for other in edges[name] if not name.startswith(other + ".")}
    assert cycle_in(edges) is None


def test_the_cycle_finder_sees_a_cycle():
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b"}, "b": set()}) is None


def test_every_module_the_memory_policy_names_exists_and_is_imported_somewhere():
    from lostcities import memory
    known = modules()
    named = set(memory.names(memory.COMPILED_FIRST + memory.PROFILE))
    for screen in ("title", "table", "round", "review", "match", "hint", "info"):
        named.update(memory.names(memory.room(screen)[0]))
    assert len(named) > 10
    imported = set().union(*graph().values())
    for name in sorted(named):
        assert name in known, "no module %s" % name
        assert name in imported, "%s is forgotten but nothing imports it" % name


def test_the_board_package_holds_exactly_what_code_py_reaches_and_the_bundle_carries_it():
    from host_sim.tools import bundle
    edges = graph()
    reached, todo = set(), ["code"]
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(edges.get(name, ()))
    board = {name for name in modules() if name.split(".")[0] == "lostcities"}
    assert board - reached == set(), "not the board's code: move it to host_sim/"
    carried = {path[:-3].replace("/", ".") for path in bundle.game_files()
               if path.endswith(".py") and path != bundle.ENTRY}
    carried = {name[:-len(".__init__")] if name.endswith(".__init__") else name
               for name in carried}
    assert carried == board
