"""The screens as pixels: what the board's own display code shows, and Blinka's.

:func:`on_board` takes every shot of ``firmware/shots.py`` on CircuitPython's
interpreter with the board's C display code (``firmware/render_rig.py``, its
``lcrender`` compositing as a PyBadge refreshes its panel); :func:`on_blinka`
takes the same shots through Blinka's displayio, as the simulator shows them.
Both give ``{name: frame}``, a frame being the 160x128 RGB565 pixels row by
row, two bytes each, little-endian.
"""

import os
import tempfile

from host_sim.testing import circuitpython as cp

WIDTH = 160
HEIGHT = 128
FRAME = WIDTH * HEIGHT * 2
RENDER_RIG = os.path.join(cp.FIRMWARE, "render_rig.py")
# Blinka's pygame display widens each RGB565 channel to 8 bits as v * 255 / max
_RED = {int(v * 255.0 / 31.0): v for v in range(32)}
_GREEN = {int(v * 255.0 / 63.0): v for v in range(64)}


def on_board(timeout=600, major=10, without=()):
    """Every shot as the board's panel would show it, on CircuitPython
    ``major``'s interpreter, its firmware taken to lack the modules
    ``without`` ("terminalio", "vectorio"); raises RuntimeError if the
    interpreter fails (CircuitPythonUnavailable if it is missing)."""
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "frames.bin")
        done = cp.run([RENDER_RIG, cp.ROOT, out, "without=" + ",".join(without)], 1024,
                      timeout, major=major)
        if done.returncode:
            raise RuntimeError("the board's renderer failed:\n" + done.stderr[-3000:])
        with open(out, "rb") as file:
            data = file.read()
    frames = {}
    at = 0
    while at < len(data):
        end = data.index(b"\n", at)
        frames[data[at:end].decode()] = data[end + 1:end + 1 + FRAME]
        at = end + 1 + FRAME
    return frames


def on_blinka():
    """Every shot through Blinka's displayio, and the screen each was of:
    ({name: frame}, {name: screen name})."""
    from host_sim.testing.firmware import shots
    from host_sim.testing.harness import Driver
    frames, screens = {}, {}

    def start(seed, settings):
        return Driver(seed=seed, profile=dict(settings))

    def shoot(name, driver):
        frames[name] = frame_of(driver.display.surface())
        screens[name] = driver.screen
    shots.take(start, shoot)
    return frames, screens


def frame_of(surface):
    """A 160x128 pygame surface of Blinka's as RGB565 pixels."""
    import pygame
    rgb = pygame.image.tobytes(surface, "RGB")
    frame = bytearray(FRAME)
    for at in range(WIDTH * HEIGHT):
        r, g, b = rgb[3 * at], rgb[3 * at + 1], rgb[3 * at + 2]
        value = _RED[r] << 11 | _GREEN[g] << 5 | _RED[b]
        frame[2 * at] = value & 0xFF
        frame[2 * at + 1] = value >> 8
    return bytes(frame)


def differences(mine, theirs):
    """The (x, y) of each pixel where two frames differ."""
    return [(at % WIDTH, at // WIDTH) for at in range(WIDTH * HEIGHT)
            if mine[2 * at:2 * at + 2] != theirs[2 * at:2 * at + 2]]


def save_png(frame, path, scale=1):
    """Write a frame as a PNG, each pixel ``scale`` x ``scale``, its RGB565
    colours widened as a panel shows them (v * 255 / max)."""
    import pygame
    rgb = bytearray(WIDTH * HEIGHT * 3)
    for at in range(WIDTH * HEIGHT):
        value = frame[2 * at] | frame[2 * at + 1] << 8
        rgb[3 * at] = (value >> 11) * 255 // 31
        rgb[3 * at + 1] = (value >> 5 & 63) * 255 // 63
        rgb[3 * at + 2] = (value & 31) * 255 // 31
    surface = pygame.image.frombuffer(bytes(rgb), (WIDTH, HEIGHT), "RGB")
    if scale != 1:
        surface = pygame.transform.scale(surface, (WIDTH * scale, HEIGHT * scale))
    pygame.image.save(surface, path)


def png_frame(path, scale=1):
    """The frame a PNG written by :func:`save_png` holds."""
    import pygame
    surface = pygame.image.load(path)
    if scale != 1:
        surface = pygame.transform.scale(surface, (WIDTH, HEIGHT))
    return frame_of(surface)
