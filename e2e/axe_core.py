"""axe-core, the engine of Lighthouse's accessibility audit, as PyPI's axe-selenium-python ships
it (e2e/requirements-axe.txt). Its 3.0 bundles axe-core 4.10; its Python part asks for Python
3.12, but the tests only read the script, so the Makefile installs it without that check on an
older Python. `python3 e2e/axe_core.py` exits 0 when the script is there and is axe-core 4."""

import importlib.util
import re
import sys
from pathlib import Path

WANTED_MAJOR = 4


def script_path() -> Path | None:
    spec = importlib.util.find_spec("axe_selenium_python")
    if not spec or not spec.submodule_search_locations:
        return None
    return Path(spec.submodule_search_locations[0]) / "node_modules" / "axe-core" / "axe.min.js"


def source() -> str:
    path = script_path()
    assert path and path.exists(), "axe-core is missing: make e2e-deps installs it (e2e/requirements-axe.txt)"
    text = path.read_text()
    assert version(text).split(".")[0] == str(WANTED_MAJOR), f"axe-core {version(text)} is not {WANTED_MAJOR}.x: make e2e-deps"
    return text


def version(text: str) -> str:
    found = re.search(r'version="(\d+\.\d+\.\d+)"', text)
    return found.group(1) if found else "unknown"


if __name__ == "__main__":
    path = script_path()
    sys.exit(0 if path and path.exists() and version(path.read_text()).startswith(f"{WANTED_MAJOR}.") else 1)
