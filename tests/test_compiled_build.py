"""The judges that ``pip install .`` compiles with mypyc (setup.py): what a compiled module needs of
the code around it, checked in every build, and the version line that says which build runs.
.ci/run runs the tests again against a compiled build."""

from __future__ import annotations

import ast
import importlib
import pkgutil

import pytest
from conftest import ROOT

import elicitguard
from elicitguard import __version__
from elicitguard.policies import forms
from elicitguard.proxy.cli import judges_built, main


def compiled_modules() -> tuple[str, ...]:
    """setup.py's COMPILED, read without running setup()."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return tuple(f"elicitguard.policies.{name}" for name in value)
    raise AssertionError("setup.py has no COMPILED")


def every_module() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(elicitguard.__path__, "elicitguard."):
        if not info.name.endswith("__main__"):
            names.append(info.name)
    return names


def test_setup_compiles_modules_of_the_decision_core_that_exist() -> None:
    names = compiled_modules()
    assert "elicitguard.policies.forms" in names and "elicitguard.policies.matcher" in names
    for name in names:
        assert (ROOT / "policies" / f"{name.rsplit('.', 1)[1]}.py").is_file(), name


def test_no_module_left_as_python_subclasses_a_class_of_a_compiled_one() -> None:
    # A Python class cannot inherit from a compiled one: the import itself fails in a compiled build.
    for name in every_module():
        importlib.import_module(name)
    compiled = set(compiled_modules())
    offenders = []
    for name in compiled:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == name:
                stack = list(value.__subclasses__())
                while stack:
                    sub = stack.pop()
                    stack.extend(sub.__subclasses__())
                    if sub.__module__.startswith("elicitguard.") and sub.__module__ not in compiled:
                        offenders.append(f"{sub.__module__}.{sub.__qualname__} <- {name}.{value.__qualname__}")
    assert offenders == []


def test_the_version_line_says_how_the_judges_run(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    line = capsys.readouterr().out.strip()
    compiled = not (forms.__file__ or "").endswith(".py")
    assert line == f"elicitguard {__version__} ({'judges compiled' if compiled else 'judges in Python'})"
    assert judges_built() in line


def test_the_version_asks_the_modules_setup_compiles() -> None:
    from elicitguard.proxy import build

    assert tuple(f"elicitguard.policies.{name}" for name in build.JUDGES) == compiled_modules()


def test_the_metrics_name_the_version_and_how_the_judges_run() -> None:
    from elicitguard.policies.config import Config
    from elicitguard.proxy.metrics import Metrics

    compiled = not (forms.__file__ or "").endswith(".py")
    line = f'elicitguard_build_info{{judges="{"compiled" if compiled else "python"}",version="{__version__}"}} 1.0'
    assert line in Metrics(Config()).render().decode().splitlines()


def test_the_pause_the_compiled_judges_take_is_never_compiled() -> None:
    # Its point is to be interpreted: a call to it runs the interpreter's check for a waiting thread.
    assert "elicitguard.policies.breath" not in compiled_modules()
    from elicitguard.policies import breath

    assert (breath.__file__ or "").endswith(".py")


def test_the_judges_pause_once_a_field_and_once_a_detector(monkeypatch: pytest.MonkeyPatch) -> None:
    from elicitguard.policies import classifier, response_scan
    from elicitguard.policies.config import Policy
    from elicitguard.policies.judge import clear_caches, judge_elicitation

    paused: list[str] = []
    for module in (forms, classifier, response_scan):
        monkeypatch.setattr(module, "breathe", lambda module=module: paused.append(module.__name__))
    clear_caches()
    fields = {f"note{i}": {"type": "string", "title": f"Note {i}"} for i in range(5)}
    params = {"mode": "form", "message": "A few notes", "requestedSchema": {"type": "object", "properties": fields}}
    assert judge_elicitation(params, frozenset({"form"}), Policy()).allowed
    assert paused.count("elicitguard.policies.forms") >= 5
    assert paused.count("elicitguard.policies.classifier") >= 5
    paused.clear()
    assert response_scan.scan_content({"a": "blue", "b": "green"}, None) == []
    assert paused.count("elicitguard.policies.response_scan") >= 2 * len(response_scan.DETECTORS)
