"""What the scripts in this folder share: a Python package imported, installed with pip first
when it is missing (the scripts run on a fresh machine with nothing but Python and pip)."""

import importlib
import subprocess
import sys


def imported(module, package=None):
    """The module `module`, from the PyPI package `package` (the module's name by default)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        print(f"{package or module} is missing; installing it with pip", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", package or module], check=True)
        return importlib.import_module(module)
