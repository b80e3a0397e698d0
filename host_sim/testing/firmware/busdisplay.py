"""busdisplay for CircuitPython's unix port: a 160x128 display that draws nothing.

``on_show`` (set by board_rig) is called with each new root group,
``on_refresh`` (set by timing_rig) at each refresh: the picture sent."""


class BusDisplay:
    def __init__(self, width=160, height=128):
        self.width = width
        self.height = height
        self.brightness = 1.0
        self.auto_refresh = True
        self.refreshes = 0
        self.on_show = None
        self.on_refresh = None
        self._root = None

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        self._root = group
        if self.on_show is not None:
            self.on_show(group)

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        if self.on_refresh is not None:
            self.on_refresh()
        return True
