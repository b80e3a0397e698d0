"""The games' ``--record FILE``: written over only when it is the record of this match.

A game rewrites its record after every move, so a file named by mistake (a
README, notes, the --save file) would be lost at the first one. As with
``--save``, only a missing file, an empty one or a game record (the first
line that is not a ``#`` comment is the records' header), which may be written
(in a folder that exists), is accepted when the game starts; anything else is
refused, and left as it is. Then, before each rewrite, the file must still be
empty or the record of this very match so far (its lines the first of the new
record's): another match's record (a tournament's, or the last match's) is
kept, and said once.
"""

import os

from host_sim.records.record import HEADER, write_record

_HEAD_BYTES = 4096  # a record's header comes after a few comment lines at most
_RECORD_BYTES = 1 << 20  # a match's record is some 10 KB: a bigger file is not one


class RecordFileError(Exception):
    """A --record FILE that is not to be written; ``str(err)`` says which and why."""


def check_record_file(path, save=None):
    """Raise RecordFileError unless ``path`` is missing, empty or a game record,
    and another file than the save file ``save``."""
    if save and os.path.realpath(path) == os.path.realpath(save):
        raise RecordFileError("cannot use %s as the record: it is the --save file too (give"
                              " the record another name)" % path)
    try:
        with open(path, "rb") as file:
            head = file.read(_HEAD_BYTES)
    except FileNotFoundError:
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise RecordFileError("cannot use %s as the record: there is no folder %s"
                                  % (path, folder)) from None
        if not os.access(folder, os.W_OK):
            raise RecordFileError("cannot use %s as the record: the folder %s is read-only"
                                  % (path, folder)) from None
        return
    except OSError as err:
        raise RecordFileError("cannot use %s as the record: %s" % (path, err.strerror or err))
    if not _is_record(head.decode("utf-8-sig", errors="replace")):
        raise RecordFileError("cannot use %s as the record: it is not a game record"
                              " (left as it is)" % path)
    if not os.access(path, os.W_OK):
        raise RecordFileError("cannot use %s as the record: the file is read-only" % path)


def _is_record(text):
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return line == HEADER
    return not text.strip()  # empty: nothing to lose


def _moves(text):
    """The lines of a record that say the match: no comment, no blank."""
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def _holds_another_match(path, record):
    """True if the file ``path`` holds something that ``record`` does not continue."""
    try:
        with open(path, "rb") as file:
            held = file.read(_RECORD_BYTES + 1)
    except FileNotFoundError:
        return False
    if len(held) > _RECORD_BYTES:
        return True
    old = _moves(held.decode("utf-8", errors="replace"))
    return _moves(record)[:len(old)] != old


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
        record = write_record(match)
        try:
            if _holds_another_match(self.path, record):
                self.say("Not writing the record %s: it holds another match (left as it is)"
                         % self.path)
                self.path = None
                return
            with open(self.path, "w", encoding="utf-8") as file:
                file.write(record)
        except OSError as err:
            self.say("Cannot write the record %s: %s" % (self.path, err.strerror or err))
            self.path = None
