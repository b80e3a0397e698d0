"""The drive's files as the board reads them: a FAT volume in RAM, mounted over
the drive's ``assets/`` and holding the same files.

On the board every file is on the drive's FAT file system. CircuitPython's unix
port opens the host's files instead, which ``displayio.OnDiskBitmap`` refuses
("file must be a file opened in byte mode"): it reads its pixels only from a
FAT file, as on the board. The rigs mount this before the game starts (the board
rig before it measures what the stand-ins hold: the volume's bytes are counted
in that, not in the game's figures). Only a whole path reaches the volume:
``lostcities.asset_path`` gives one.
"""

import gc
import os

BLOCK = 512
SPARE_BLOCKS = 24  # the file system's own: its boot sector, tables and folder


class RamDisk:
    """A block device over a bytearray, as ``os.VfsFat`` asks of one."""

    def __init__(self, blocks):
        self.data = bytearray(BLOCK * blocks)

    def readblocks(self, number, buffer):
        start = number * BLOCK
        buffer[:] = memoryview(self.data)[start:start + len(buffer)]

    def writeblocks(self, number, buffer):
        start = number * BLOCK
        self.data[start:start + len(buffer)] = buffer

    def ioctl(self, operation, argument):
        if operation == 4:  # the number of blocks
            return len(self.data) // BLOCK
        if operation == 5:  # a block's size
            return BLOCK
        return 0


def mount_assets(drive=None):
    """Mount a FAT volume over ``drive``'s (else the current folder's)
    ``assets/``, holding a copy of each of its files; returns the folder."""
    folder = (drive or os.getcwd()).rstrip("/") + "/assets"
    files = []
    for name in os.listdir(folder):
        with open(folder + "/" + name, "rb") as file:
            files.append((name, file.read()))
    disk = RamDisk(SPARE_BLOCKS + sum((len(data) + BLOCK - 1) // BLOCK for _, data in files))
    os.VfsFat.mkfs(disk)
    os.mount(os.VfsFat(disk), folder)
    for name, data in files:
        with open(folder + "/" + name, "wb") as file:
            file.write(data)
    files = None
    gc.collect()
    return folder
