"""The drive's files as the board reads them: a FAT volume (its blocks in a
file of the host's, not in the heap) mounted over the drive's ``assets/`` and
holding the same files.

On the board every file is on the drive's FAT file system. CircuitPython's unix
port opens the host's files instead, which ``displayio.OnDiskBitmap`` refuses
("file must be a file opened in byte mode"): it reads its pixels only from a
FAT file, as on the board. The rigs mount this before the game starts (the board
rig before it measures what the stand-ins hold: the volume's objects, about
6 KB, are counted in that, not in the game's figures). Only a whole path reaches the volume:
``lostcities.asset_path`` gives one.
"""

import gc
import os

BLOCK = 512
SPARE_BLOCKS = 24  # the file system's own: its boot sector, tables and folder


class FileDisk:
    """A block device, as ``os.VfsFat`` asks of one, over a file of the host's
    (removed once opened): its bytes are not in the heap, where the collector
    would scan them."""

    def __init__(self, blocks):
        path = "/tmp/lostcities-flash-%s.img" % "".join("%02x" % b for b in os.urandom(6))
        self.file = open(path, "w+b")
        os.remove(path)  # the open file stays the interpreter's
        empty = bytes(BLOCK)
        for _ in range(blocks):
            self.file.write(empty)
        self.blocks = blocks

    def readblocks(self, number, buffer):
        self.file.seek(number * BLOCK)
        self.file.readinto(buffer)

    def writeblocks(self, number, buffer):
        self.file.seek(number * BLOCK)
        self.file.write(buffer)

    def ioctl(self, operation, argument):
        if operation == 4:  # the number of blocks
            return self.blocks
        if operation == 5:  # a block's size
            return BLOCK
        return 0


def mount_assets(drive=None):
    """Mount a FAT volume over ``drive``'s (else the current folder's)
    ``assets/``, holding a copy of each of its files; returns the folder."""
    folder = (drive or os.getcwd()).rstrip("/") + "/assets"
    names = os.listdir(folder)
    blocks = SPARE_BLOCKS
    for name in names:
        blocks += (os.stat(folder + "/" + name)[6] + BLOCK - 1) // BLOCK
    disk = FileDisk(blocks)
    os.VfsFat.mkfs(disk)
    vfs = os.VfsFat(disk)
    os.mount(vfs, "/flash")  # filled first, then put where the drive's assets are
    chunk = bytearray(BLOCK)
    for name in names:
        with open(folder + "/" + name, "rb") as source, open("/flash/" + name, "wb") as copy:
            while True:
                count = source.readinto(chunk)
                if not count:
                    break
                copy.write(memoryview(chunk)[:count])
    os.umount("/flash")
    os.mount(vfs, folder)
    gc.collect()
    return folder
