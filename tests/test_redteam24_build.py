"""Red team 24: how `pip install .` builds the compiled judges (setup.py) and how the proxy says so.

mypyc compiles the eleven judge modules into one shared library (``<hash>__mypyc``) and eleven small
shims that import it. Every extension is optional (no C compiler: the judges install as Python), so
a build in which only the shared library failed (its C file is the one large one: a compiler killed
for memory) used to leave the shims alone: "Successfully built", and a proxy that could not start
(``ModuleNotFoundError: No module named '..__mypyc'`` at import). Seen with ``pip wheel .`` and
``setup.py build_ext --inplace`` under a compiler that refuses the shared C file.
"""

from __future__ import annotations

import runpy
import sys
import sysconfig
import types
from pathlib import Path

import pytest
from setuptools import Distribution, Extension

from elicitguard.proxy import build

SETUP = Path(__file__).resolve().parents[1] / "setup.py"

_GOOD_MODULE = """
#include <Python.h>
static struct PyModuleDef def = {PyModuleDef_HEAD_INIT, "%s", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_%s(void) { return PyModule_Create(&def); }
"""


def _setup_namespace() -> dict[str, object]:
    """setup.py's names, without running setup(): it runs only as __main__ (as pip's backend runs it),
    and setuptools.setup is a no-op meanwhile, so that a setup.py calling it at import (as it once did)
    cannot run a command here (``develop`` reinstalls the project into the running environment)."""
    import setuptools

    real = setuptools.setup
    setuptools.setup = lambda **_kwargs: None  # type: ignore[assignment]
    try:
        return runpy.run_path(str(SETUP), run_name="elicitguard_setup_under_test")
    finally:
        setuptools.setup = real


def _compiler_available() -> bool:
    include = sysconfig.get_paths().get("include")
    return include is not None and (Path(include) / "Python.h").exists()


def _build(tmp_path: Path, modules: dict[str, str], inplace: bool) -> list[str]:
    """Build the given C modules with setup.py's build_ext, every extension optional as setup.py makes
    mypyc's; the names of the extension files left where the build puts them."""
    build_ext = _setup_namespace()["BuildJudges"]
    extensions = []
    for name, source in modules.items():
        (tmp_path / f"{name}.c").write_text(source)
        extensions.append(Extension(name, [f"{name}.c"], optional=True))
    out = tmp_path / "lib"
    args = ["build_ext", "--build-temp", str(tmp_path / "temp")]
    args += ["--inplace"] if inplace else ["--build-lib", str(out)]
    dist = Distribution({"name": "probe", "ext_modules": extensions, "cmdclass": {"build_ext": build_ext},
                         "script_args": args})
    dist.parse_command_line()
    dist.run_commands()
    where = tmp_path if inplace else out
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return sorted(p.name[: -len(suffix)] for p in where.glob(f"*{suffix}")) if where.exists() else []


@pytest.mark.skipif(not _compiler_available(), reason="needs Python's headers and a C compiler")
@pytest.mark.parametrize("inplace", [False, True], ids=["build-lib", "inplace"])
@pytest.mark.parametrize(("modules", "left"), [
    # The shared library fails, a shim builds: nothing is left, the judges install as Python.
    ({"shim": _GOOD_MODULE % ("shim", "shim"), "runtime__mypyc": "#error the shared library fails\n"}, []),
    # Everything builds: everything is kept.
    ({"shim": _GOOD_MODULE % ("shim", "shim"), "runtime__mypyc": _GOOD_MODULE % ("runtime__mypyc", "runtime__mypyc")},
     ["runtime__mypyc", "shim"]),
], ids=["shared-library-fails", "all-build"])
def test_a_build_where_one_compiled_module_fails_leaves_none_of_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     modules: dict[str, str], left: list[str],
                                                                     inplace: bool) -> None:
    monkeypatch.chdir(tmp_path)
    assert _build(tmp_path, modules, inplace) == left


@pytest.mark.parametrize("command", ["egg_info", "dist_info", "develop", "editable_wheel"])
def test_commands_that_build_nothing_compiled_never_run_mypyc(monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    # pip runs egg_info and dist_info before every build (mypyc's run, tens of seconds, was thrown away
    # twice); ``develop`` (the old editable install) would put compiled modules beside their sources.
    runs: list[object] = []
    fake = types.ModuleType("mypyc.build")

    def mypycify(*args: object, **_kwargs: object) -> list[object]:
        runs.append(args)  # recorded, not raised: setup.py turns mypyc's errors into a pure install
        return []

    fake.mypycify = mypycify  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "mypyc.build", fake)
    monkeypatch.delenv("ELICITGUARD_PURE", raising=False)
    monkeypatch.setattr(sys, "argv", ["setup.py", command])
    compiled_extensions = _setup_namespace()["_compiled_extensions"]
    assert callable(compiled_extensions)
    assert compiled_extensions() == []
    assert runs == []


@pytest.mark.parametrize(("compiled", "said"), [
    ((), "judges in Python"),
    (("forms",), "judges partly compiled: forms"),
    (("matcher", "judge"), "judges partly compiled: matcher, judge"),
])
def test_the_version_names_a_partial_build(monkeypatch: pytest.MonkeyPatch, compiled: tuple[str, ...], said: str) -> None:
    # It asked forms alone: a build with forms compiled and another module not said "judges compiled".
    import importlib

    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for name in build.JUDGES:
        module = importlib.import_module(f"elicitguard.policies.{name}")
        path = str(Path(module.__file__ or name).with_name(name))
        monkeypatch.setattr(module, "__file__", path + (suffix if name in compiled else ".py"))
    assert build.judges_built() == said
