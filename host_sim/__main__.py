"""``python -m host_sim [TOOL] ...``: the simulator, or one of the tools.

With no tool name it starts the simulator (``--tty`` or no display: the
terminal game). Each tool is a module of this package with ``main(argv)``
returning the exit status.
"""

import sys

TOOLS = {
    "replay": "check a game record and print its account",
    "tournament": "play two AIs or bots against each other on mirrored deals",
    "bot": "play one AI level over stdin/stdout (the bot protocol)",
    "bench": "print the engine's and the AI's speed and memory figures",
    "screenshot": "render the screen after scripted buttons to a PNG",
    "bundle": "build build/CIRCUITPY for the board (and deploy it)",
}


def usage():
    lines = ["usage: python -m host_sim [--tty] [options]   play (the simulator)",
             "       python -m host_sim TOOL [options]      run a tool:", ""]
    for name, what in TOOLS.items():
        lines.append("  %-11s %s" % (name, what))
    lines.append("\n'python -m host_sim TOOL --help' tells a tool's options.")
    return "\n".join(lines)


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
        module = __import__("host_sim." + name, fromlist=["main"])
        return module.main(argv[1:])
    from host_sim import play
    return play.main(argv)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
