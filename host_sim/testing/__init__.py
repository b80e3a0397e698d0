"""Test support: the headless harness, the MicroPython and CircuitPython
interpreters' runners, the workloads both run, and the firmware stand-ins."""
