"""What ``pip install .`` ships: every package of the tree and the data files the code reads."""

from __future__ import annotations

import tomllib
from pathlib import Path

from conftest import ROOT

from elicitguard.policies.schema import SHIPPED

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def installed_name(folder: Path) -> str:
    """The import name a source folder installs as (policies/x -> elicitguard.policies.x)."""
    relative = folder.relative_to(ROOT)
    return ".".join(("elicitguard", *relative.parts))


def test_every_package_of_the_source_tree_is_installed() -> None:
    # setuptools installs only the packages listed; a forgotten subpackage is missing from the wheel
    # (the editable install used by the tests hides that).
    folders = [init.parent for top in ("policies", "proxy") for init in (ROOT / top).rglob("__init__.py")]
    expected = {installed_name(f) for f in folders} | {"elicitguard"}
    assert len(expected) >= 6
    assert expected <= set(SETUPTOOLS["packages"]), sorted(expected - set(SETUPTOOLS["packages"]))


def test_the_config_schema_is_installed_as_package_data() -> None:
    assert SHIPPED in SETUPTOOLS["package-data"]["elicitguard.policies"]
    assert (ROOT / "policies" / SHIPPED).is_file()
