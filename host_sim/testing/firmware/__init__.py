"""Files for CircuitPython's unix port: stand-ins for the firmware it lacks and the
scenario driver (see README.md). Only :mod:`host_sim.testing.firmware.presses` is also
imported on the host; the rest runs inside that interpreter."""
