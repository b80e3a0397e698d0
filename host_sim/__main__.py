"""``python -m host_sim [TOOL] ...``: the simulator, or one of the tools.

With no tool name it starts the simulator (``--tty`` or no display: the
terminal game). Each tool is a module of one of this package's rooms with
``main(argv=None)`` returning the exit status.
"""

import os
import sys

from host_sim import INTERRUPTED

BROKEN_PIPE = 141  # 128 + SIGPIPE: as a shell reports one whose reader went away
# name: (module, what it does). Every module has main(argv=None) returning the exit status.
TOOLS = {
    "replay": ("tools.replay", "check a game record and print its account"),
    "tournament": ("tools.tournament", "play two AIs or bots (or one against the pool) on"
                                       " mirrored deals"),
    "bot": ("tools.bot", "play one AI level over stdin/stdout (the bot protocol)"),
    "bench": ("tools.bench", "print the engine's and the AI's speed and memory figures"
                             " (--board: the board's memory)"),
    "screenshot": ("tools.screenshot", "render the screen after scripted buttons to a PNG"),
    "bundle": ("tools.bundle", "build build/CIRCUITPY for the board (and deploy it)"),
    "assets": ("dev.make_assets", "draw assets/*.bmp, the sprite sheets (developers)"),
    "docs-images": ("dev.docs_images", "remake the README's screenshots in docs/img/"),
    "ui-bench": ("dev.ui_bench", "print the screens' RAM and how much each press redraws"),
    "text-libraries": ("dev.text_libraries", "measure Adafruit's text and layout libraries"
                                              " against the tile text (docs/text.md)"),
    "tune": ("dev.tune", "tune the evaluation's weights on the reference pool (SPSA)"),
    "sample": ("dev.samples.make_sample", "rewrite host_sim/dev/samples/sample-match.txt"),
}


def usage():
    """The play options (the games' own parser) and the tools."""
    from host_sim import play
    tools = ["tools:"] + ["  %-12s %s" % (name, what) for name, (_, what) in TOOLS.items()]
    tools.append("\n'python -m host_sim TOOL --help' tells a tool's options.")
    return play.parser("python -m host_sim [--tty] [options]   play (the simulator)\n"
                       "       python -m host_sim TOOL [options]      run a tool",
                       "\n".join(tools)).format_help().rstrip("\n")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    if argv and not argv[0].startswith("-"):
        name = argv[0]
        if name not in TOOLS:
            print("unknown tool %r\n\n%s" % (name, usage()), file=sys.stderr)
            return 2
        module = __import__("host_sim." + TOOLS[name][0], fromlist=["main"])
        return module.main(argv[1:])
    from host_sim import play
    return play.main(argv)


def run():
    """main() as a command: the exit status of Ctrl-C, and quiet when its reader goes away."""
    try:
        status = main()
        sys.stdout.flush()  # here, where a closed pipe is caught, not at Python's exit
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:  # `... | head -1`: stop quietly, as a Unix tool does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no flush can fail
        return BROKEN_PIPE
    return status


if __name__ == "__main__":
    sys.exit(run())
