"""Run Python source under a real MicroPython interpreter, with our package in it.

The interpreter is MicroPython's WebAssembly port (the npm package pinned in
``host_sim/testing/micropython_runner/package.json``) driven by node through
``host_sim/testing/micropython_runner/run.mjs``. The ``lostcities/`` folder is copied into the
interpreter's in-memory file system, so ``import lostcities.rules`` works there
as on the board.

    with MicroPython() as mp:           # one node process, one interpreter
        mp.run("import lostcities.rules")
        print(mp.run("print(1 + 1)"))   # "2\\n"

    run("print(1)")                     # one-shot

Good to know about this port: garbage is collected only when control returns
to JavaScript, that is between two :meth:`MicroPython.run` calls, never during
one. To read the live heap, call ``gc.collect()`` at the end of one run and
``gc.mem_alloc()`` at the start of the next.
"""

import json
import os
import selectors
import shutil
import subprocess
import tempfile

from host_sim import ROOT

RUNNER_DIR = os.path.join(ROOT, "host_sim", "testing", "micropython_runner")
RUNNER = os.path.join(RUNNER_DIR, "run.mjs")
PACKAGE = "@micropython/micropython-webassembly-pyscript"
LOSTCITIES = os.path.join(ROOT, "lostcities")
# The laptop's package, for its players (host_sim/players/: the workloads play
# its bots): its __init__ sets up nothing off CPython.
HOST_SIM = os.path.join(ROOT, "host_sim")


class MicroPythonUnavailable(RuntimeError):
    """node or npm is missing, or the interpreter package could not be installed."""


class MicroPythonError(RuntimeError):
    """Python code failed under MicroPython (or the interpreter itself did).

    ``type`` is the exception's name ("ValueError"), ``traceback`` MicroPython's
    traceback text and ``stdout`` what the code printed before it failed.
    """

    def __init__(self, type_name, traceback, stdout=""):
        super().__init__("MicroPython raised %s:\n%s" % (type_name, traceback.rstrip()))
        self.type = type_name
        self.traceback = traceback
        self.stdout = stdout


def ensure_installed():
    """Check node, and install the interpreter package if it is not there yet.

    Returns the node executable; raises MicroPythonUnavailable saying why not.
    """
    node = shutil.which("node")
    if node is None:
        raise MicroPythonUnavailable("node is not installed (Node.js runs MicroPython's WebAssembly port)")
    installed = os.path.join(RUNNER_DIR, "node_modules", *PACKAGE.split("/"))
    if not os.path.isdir(installed):
        npm = shutil.which("npm")
        if npm is None:
            raise MicroPythonUnavailable("npm is not installed, and %s is missing" % installed)
        result = subprocess.run(
            [npm, "install", "--prefix", RUNNER_DIR, "--no-audit", "--no-fund", "--loglevel=error"],
            capture_output=True, text=True)
        if result.returncode != 0 or not os.path.isdir(installed):
            raise MicroPythonUnavailable("npm install --prefix %s failed:\n%s" % (
                RUNNER_DIR, (result.stderr or result.stdout).strip()))
    return node


class MicroPython:
    """One MicroPython interpreter in a node process; :meth:`run` runs source in it.

    Globals and imports persist from one run to the next. ``copy`` lists host
    files or folders to put under the interpreter's current folder (first on
    its ``sys.path``); by default the ``lostcities`` package.
    """

    def __init__(self, copy=(LOSTCITIES,), timeout=120):
        node = ensure_installed()
        self.timeout = timeout
        command = [node, RUNNER]
        for path in copy:
            command += ["--copy", os.path.abspath(path)]
        command.append("--serve")
        self._stderr = tempfile.TemporaryFile()
        self._process = subprocess.Popen(
            command, cwd=RUNNER_DIR, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self._stderr)
        self._pending = b""

    def run(self, source, timeout=None):
        """Run ``source`` and return what it printed.

        Raises MicroPythonError with MicroPython's traceback if it fails.
        """
        if self._process is None:
            raise MicroPythonError("RuntimeError", "this MicroPython session is closed")
        request = json.dumps({"code": source}) + "\n"
        try:
            self._process.stdin.write(request.encode())
            self._process.stdin.flush()
        except BrokenPipeError:
            self._died("stopped before the request")
        answer = json.loads(self._read_line(self.timeout if timeout is None else timeout))
        if not answer["ok"]:
            raise MicroPythonError(answer["type"], answer["traceback"], answer["stdout"])
        return answer["stdout"]

    def live_heap(self):
        """Bytes of live heap: collect (which this port does between runs), then read."""
        self.run("import gc\ngc.collect()")
        return int(self.run("print(gc.mem_alloc())"))

    def _read_line(self, timeout):
        stdout = self._process.stdout
        with selectors.DefaultSelector() as selector:
            selector.register(stdout, selectors.EVENT_READ)
            while b"\n" not in self._pending:
                if not selector.select(timeout):
                    self.close(kill=True)
                    raise MicroPythonError("TimeoutError", "no answer within %s s" % timeout)
                chunk = os.read(stdout.fileno(), 1 << 16)
                if not chunk:
                    self._died("exited")
                self._pending += chunk
        line, self._pending = self._pending.split(b"\n", 1)
        return line.decode()

    def _died(self, what):
        self._process.wait()
        self._stderr.seek(0)
        detail = self._stderr.read().decode(errors="replace").strip()
        status = self._process.returncode
        self.close()
        raise MicroPythonError("RuntimeError", "the MicroPython runner %s (exit status %s)\n%s" % (
            what, status, detail))

    def close(self, kill=False):
        """Stop the interpreter (idempotent); ``kill`` when it may be stuck."""
        if self._process is None:
            return
        process, self._process = self._process, None
        if kill:
            process.kill()
        try:
            process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()
        self._stderr.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def run(source, copy=(LOSTCITIES,), timeout=120):
    """Run ``source`` in a fresh MicroPython and return what it printed."""
    with MicroPython(copy, timeout) as interpreter:
        return interpreter.run(source)
