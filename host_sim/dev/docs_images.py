"""Make the README's pictures in docs/img from the board's own display code.

``python -m host_sim docs-images``: the shots of host_sim/testing/firmware/shots.py
named in its ``README`` are rendered on CircuitPython's interpreter through the
board's C display code (what a PyBadge's panel shows) and written twice their
size. tests/test_pixels.py checks they are still what the board shows.
"""

import argparse
import os
import sys

from host_sim import ROOT

OUT = os.path.join(ROOT, "docs", "img")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_sim docs-images", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.parse_args(argv)
    import pygame  # noqa: F401 (writes the PNGs: missing, the command to run is said first)
    from host_sim.testing import circuitpython as cp
    from host_sim.testing import pixels
    from host_sim.testing.firmware import shots
    try:
        frames = pixels.on_board()
    except (cp.CircuitPythonUnavailable, RuntimeError) as err:
        print("docs-images: %s" % err, file=sys.stderr)
        return 1
    os.makedirs(OUT, exist_ok=True)
    for name in shots.README:
        path = os.path.join(OUT, name + ".png")
        pixels.save_png(frames[name], path, 2)
        print("wrote %s" % os.path.relpath(path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
