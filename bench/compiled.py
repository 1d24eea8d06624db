"""Run a bench script again in a copy of the tree whose judges are compiled as ``pip install .``
compiles them (setup.py, mypyc), so one checkout measures both builds. Needs setuptools >= 77 and
mypy in the running interpreter (``pip install 'setuptools>=77'``; mypy comes with the test extra)
and a C compiler."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def rerun_compiled(script: str, argv: list[str]) -> int:
    """Copy the tree's tracked files (and setup.py), compile the judges in place, run
    ``bench/<script> argv`` there with this interpreter; its exit status."""
    with tempfile.TemporaryDirectory(prefix="elicitguard-compiled-") as tmp:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
        files = {f for f in listed.decode().split("\0") if f} | {"setup.py"}
        subprocess.run(["tar", "-cf", f"{tmp}/tree.tar", "--null", "-T", "-"], cwd=ROOT, check=True,
                       input="\0".join(sorted(files)).encode())
        subprocess.run(["tar", "-xf", "tree.tar"], cwd=tmp, check=True)
        print("compiling the judges (about a minute) ...", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"], cwd=tmp, check=True,
                       stdout=subprocess.DEVNULL)
        check = subprocess.run([sys.executable, "-m", "elicitguard", "--version"], cwd=tmp, capture_output=True,
                               text=True, check=True).stdout
        if "judges compiled" not in check:
            raise SystemExit(f"setup.py did not compile the judges ({check.strip()})")
        return subprocess.run([sys.executable, f"bench/{script}", *argv], cwd=tmp).returncode
