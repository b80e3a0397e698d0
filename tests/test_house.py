"""Where things live: no import cycle anywhere, and the memory policy's module
names checked (a misspelt name would pass every other test: forgetting does
nothing on CPython); the board's functions short enough to read, each
module's objects changed by their own methods, and its private names private."""

import ast
import glob
import os

import pytest

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
    named = set(memory.names(memory.COMPILED_FIRST + memory.PROFILE + memory.READIED
                              + memory.TITLE))
    for screen in memory.rooms():
        named.update(memory.names(memory.room(screen)[0]))
    assert len(named) > 10
    imported = set().union(*graph().values())
    for name in sorted(named):
        assert name in known, "no module %s" % name
        assert name in imported, "%s is forgotten but nothing imports it" % name


def rooms_asked_for():
    """Every room name the package asks for: make_room("...")'s, by reading the tree."""
    asked = set()
    for path in glob.glob(os.path.join(ROOT, "lostcities", "**", "*.py"), recursive=True):
        with open(path) as file:
            tree = ast.parse(file.read())
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "make_room"):
                assert node.args and isinstance(node.args[0], ast.Constant), (
                    "%s: make_room with a room not written out" % path)
                asked.add(node.args[0].value)
    return asked


def test_every_room_a_screen_asks_for_is_a_row_of_the_memory_table_and_each_row_is_asked_for():
    from lostcities import memory
    asked = rooms_asked_for()
    assert {"title", "table", "pause", "settings", "info", "hint", "review"} <= asked
    assert asked == set(memory.rooms())
    for name, (named, goes) in memory.rooms().items():
        assert set(named) <= set(memory.groups()), name
        assert goes & ~(memory.SCREEN | memory.SHEETS | memory.PROFILE_TOO) == 0, name


def test_a_room_nobody_defined_fails_loudly():
    from lostcities import memory
    with pytest.raises(KeyError, match="no room 'pause menu'"):
        memory.room("pause menu")


def test_the_memory_table_says_what_goes_at_the_table_and_what_stays_at_a_page():
    from lostcities import memory
    modules, screen, sheets, profile = memory.room("table")
    forgotten = memory.names(modules)
    assert {"lostcities.menus", "lostcities.screens.title", "lostcities.saves.restore"} <= set(
        forgotten)
    assert "lostcities.screens.table" not in forgotten
    assert screen and profile and not sheets
    modules, screen, sheets, profile = memory.room("info")
    assert memory.names(modules) == ["lostcities.screens.info"]
    assert not screen  # the table stays under SELECT's page
    assert "info" in memory.TABLE_ROOMS  # its row kept by the app, the policy not read there
    assert set(memory.table_rooms("two players' table")) == set(memory.TABLE_ROOMS)
    assert memory.table_rooms("round") is None  # the table is let go: nothing kept


def test_the_rooms_made_while_the_table_lasts_apply_the_rows_the_tables_room_kept(monkeypatch):
    """SELECT's pages and the AI's moves happen with the table in the heap,
    where the policy's module has no room: the app applies the rows the
    table's room kept (memory.table_rooms), and reads the policy elsewhere."""
    from host_sim.testing.harness import Driver, presses_for
    from host_sim.players.bots import random_move
    from lostcities import buttons as btn
    from lostcities import memory
    from lostcities.rng import Rng
    read = []  # the rooms whose row was read from the policy, not kept
    keeping = []
    room, table_rooms = memory.room, memory.table_rooms

    def reading(name):
        if not keeping:
            read.append(name)
        return room(name)

    def kept(name):
        keeping.append(True)
        try:
            return table_rooms(name)
        finally:
            keeping.pop()
    monkeypatch.setattr(memory, "room", reading)
    monkeypatch.setattr(memory, "table_rooms", kept)
    driver = Driver(seed=3, profile={"mode": "ai", "level": "hard", "rounds": 1})
    driver.press(btn.A)  # New match
    applied = []
    make_room = driver.app.make_room
    driver.app.make_room = lambda name: applied.append(name) or make_room(name)
    driver.press(btn.SELECT)  # a page over the table
    rng = Rng(1)
    while driver.screen == "table" and "ai moved" not in applied:
        table = driver.app.table
        move = random_move(driver.app.match.state.view(table.viewer), rng)
        for action in presses_for(table, move):
            driver.press(action)
    assert {"info", "ai moved"} <= set(applied)
    assert "table" in read
    assert not set(read) & set(memory.TABLE_ROOMS), read
    assert driver.app.kept_rooms == table_rooms("table")


def held_at_import(known):
    """{board module: {(the module it holds a name of, the name)}}: what its
    top imports bind from the project's modules, constants apart (a number
    holds nothing); a module imported whole is held as ``(it, None)``."""
    held = {}
    for name, path in known.items():
        if not name.startswith("lostcities"):
            continue
        with open(path) as file:
            tree = ast.parse(file.read(), path)
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module in known and not node.level:
                for alias in node.names:
                    whole = "%s.%s" % (node.module, alias.name)
                    if whole in known:
                        held.setdefault(name, set()).add((whole, None))
                    elif not alias.name.isupper():
                        held.setdefault(name, set()).add((node.module, alias.name))
    return held


def test_no_module_a_room_keeps_holds_a_function_or_class_of_one_it_forgets():
    """A module kept through a room, holding a function, a class or a module
    the room forgets, would keep the forgotten module alive, and its next
    import would load a second copy beside it: the evaluation's once, 8 KB at
    the table, when the round's review held its Position class over a hint."""
    from lostcities import memory
    held = held_at_import(modules())
    assert ("lostcities.rules.cards", "card_text") in held["lostcities.screens.review"]
    for room in memory.rooms():
        forgotten = set(memory.names(memory.room(room)[0]))
        for name in sorted(set(held) - forgotten):
            kept = sorted("%s.%s" % (module, what) if what else module
                          for module, what in held[name] if module in forgotten)
            assert not kept, "%s holds %s, which the room %r forgets" % (name, kept, room)


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


# The house's promises, checked by reading the tree ---------------------------------

def _trees(package):
    for name, path in sorted(modules().items()):
        if name == package or name.startswith(package + "."):
            with open(path) as file:
                yield name, path, ast.parse(file.read(), path)


def test_no_function_on_the_board_is_longer_than_60_lines():
    long = []
    for name, _, tree in _trees("lostcities"):
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.end_lineno - node.lineno >= 60:
                long.append("%s.%s: %d lines" % (name, node.name,
                                                 node.end_lineno - node.lineno + 1))
    assert long == []


def _own_fields(tree):
    """The attributes a module's classes set on ``self``."""
    fields = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name) and node.value.id == "self"):
            fields.add(node.attr)
    return fields


# what displayio's and the board's objects let their owner set
_DISPLAY_FIELDS = {"x", "y", "hidden", "width", "height", "pixel_shader", "brightness",
                   "root_group", "value", "direction", "text"}


def test_no_module_writes_the_fields_of_another_modules_objects():
    trees = list(_trees("lostcities"))
    fields = {name: _own_fields(tree) for name, _, tree in trees}
    written = []
    for name, _, tree in trees:
        others = set().union(*(f for other, f in fields.items() if other != name))
        others -= fields[name] | _DISPLAY_FIELDS  # this module's own classes' fields too
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                    and not (isinstance(node.value, ast.Name) and node.value.id == "self")
                    and node.attr in others):
                written.append("%s:%d %s" % (name, node.lineno, ast.unparse(node)))
            elif (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "setattr"
                    and not (isinstance(node.args[0], ast.Name) and node.args[0].id == "self")):
                written.append("%s:%d %s" % (name, node.lineno, ast.unparse(node)))
    assert written == []


# what a screen may ask the Session: everything else it reports through App
_SESSION_QUESTIONS = {"phase", "playing", "view", "last_move_of"}


def _is_session(node):
    return (isinstance(node, ast.Attribute) and node.attr == "session"
            or isinstance(node, ast.Name) and node.id == "session")


def test_screens_only_ask_the_session_and_report_through_app():
    """A screen that called the Session to change the match, the save or the
    profile would decide where App and the later() rule should."""
    called = []
    for name, _, tree in _trees("lostcities.screens"):
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and _is_session(node.func.value)
                    and node.func.attr not in _SESSION_QUESTIONS):
                called.append("%s:%d %s" % (name, node.lineno, ast.unparse(node.func)))
    assert called == []


def test_no_test_or_tool_reads_a_private_name_of_the_board_code():
    """An underscore means private: tests and tools use the package's public names,
    also from a board module they reach by a loader rather than an import."""
    board = {name for name in modules() if name.startswith("lostcities")}
    private = set()  # the board modules' own underscored globals
    for _, _, tree in _trees("lostcities"):
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else [node]
            for target in targets:
                name = getattr(target, "id", getattr(target, "name", ""))
                if name.startswith("_") and not name.startswith("__"):
                    private.add(name)
    reads = []
    for package in ("tests", "host_sim"):
        for folder, _, names in os.walk(os.path.join(ROOT, package)):
            for file_name in sorted(names):
                if not file_name.endswith(".py"):
                    continue
                path = os.path.join(folder, file_name)
                with open(path) as file:
                    tree = ast.parse(file.read(), path)
                aliases = set()
                others = set()  # names of modules outside the board's
                for node in ast.walk(tree):
                    if isinstance(node, (ast.Import, ast.ImportFrom)):
                        module = getattr(node, "module", None) or ""
                        others |= {a.asname or a.name.partition(".")[0] for a in node.names
                                   if not (module or a.name).startswith("lostcities")}
                    if isinstance(node, ast.Import):
                        aliases |= {a.asname for a in node.names
                                    if a.asname and a.name in board}
                    elif isinstance(node, ast.ImportFrom) and node.module in board:
                        for alias in node.names:
                            if alias.name.startswith("_") and not alias.name.startswith("__"):
                                reads.append("%s: from %s import %s"
                                             % (file_name, node.module, alias.name))
                            elif "%s.%s" % (node.module, alias.name) in board:
                                aliases.add(alias.asname or alias.name)
                for node in ast.walk(tree):
                    if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                            and node.value.id not in ("self", "cls")
                            and (node.value.id in aliases and node.attr.startswith("_")
                                 and not node.attr.startswith("__")
                                 or node.value.id not in others and node.attr in private)):
                        reads.append("%s:%d %s" % (file_name, node.lineno, ast.unparse(node)))
    assert reads == []
