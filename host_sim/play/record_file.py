"""The games' ``--record FILE``: written over only when it is a record already.

A game rewrites its record after every move, so a file named by mistake (a
README, notes) would be lost at the first one. As with ``--save``, only a
missing file, an empty one or a game record (the first line that is not a
``#`` comment is the records' header) is used; anything else is refused before
the game starts, and left as it is.
"""

from host_sim.records.record import HEADER, write_record

_HEAD_BYTES = 4096  # a record's header comes after a few comment lines at most


class RecordFileError(Exception):
    """A --record FILE that is not to be written; ``str(err)`` says which and why."""


def check_record_file(path):
    """Raise RecordFileError unless ``path`` is missing, empty or a game record."""
    try:
        with open(path, "rb") as file:
            head = file.read(_HEAD_BYTES)
    except FileNotFoundError:
        return
    except OSError as err:
        raise RecordFileError("cannot use %s as the record: %s" % (path, err.strerror or err))
    if not _is_record(head.decode("utf-8-sig", errors="replace")):
        raise RecordFileError("cannot use %s as the record: it is not a game record"
                              " (left as it is)" % path)


def _is_record(text):
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return line == HEADER
    return not text.strip()  # empty: nothing to lose


class RecordFile:
    """The ``--record FILE`` both games keep: :meth:`keep` rewrites it whenever
    the match has moved on. A file that cannot be written is said once, through
    ``say``, and the game goes on without it."""

    def __init__(self, path, say):
        self.path = path
        self.say = say
        self.written = None

    def keep(self, match):
        if match is None or self.path is None:
            return
        key = (id(match), sum(len(moves) for moves in match.moves), len(match.deals))
        if key == self.written:
            return
        self.written = key
        try:
            with open(self.path, "w", encoding="utf-8") as file:
                file.write(write_record(match))
        except OSError as err:
            self.say("Cannot write the record %s: %s" % (self.path, err.strerror or err))
            self.path = None
