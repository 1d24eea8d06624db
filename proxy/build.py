"""How this installation's judges run: compiled by mypyc (``pip install .``, setup.py) or as Python
(an editable install, no C compiler, or ELICITGUARD_PURE=1 at install). ``elicitguard --version``
says it, and ``/metrics`` carries it (``elicitguard_build_info``), so a fleet can be checked."""

from __future__ import annotations

import importlib
from typing import Final

# The modules setup.py compiles (its COMPILED): each is asked, not one alone.
JUDGES: Final = ("normalise", "matcher", "classifier", "negation", "forms", "form_schema", "fieldtext", "lookalike",
                 "metadata", "ordinary", "spelling", "whole_form", "credentials", "shapes", "postal", "named_secret",
                 "response_scan", "judge")


def compiled_judges() -> list[str]:
    """The judge modules that run compiled."""
    return [name for name in JUDGES
            if not (getattr(importlib.import_module(f"elicitguard.policies.{name}"), "__file__", None) or "")
            .endswith(".py")]


def judges_label() -> str:
    """``compiled``, ``python``, or ``partial`` (some compiled, others not: a partial or stale build)."""
    return _label(compiled_judges())


def judges_built() -> str:
    """The words ``elicitguard --version`` ends with."""
    compiled = compiled_judges()
    label = _label(compiled)
    if label == "partial":
        return f"judges partly compiled: {', '.join(compiled)}"
    return "judges compiled" if label == "compiled" else "judges in Python"


def _label(compiled: list[str]) -> str:
    return "python" if not compiled else "compiled" if len(compiled) == len(JUDGES) else "partial"
