"""Build hook: ``pip install .`` compiles the form and response judges to C with mypyc.

Everything else is in pyproject.toml. The judges are the proxy's hottest pure Python (about 90 us a
form never seen before, half of it the interpreter's own overhead), and mypy strict already types
them, so mypyc compiles them as they are. The compiled modules are optional extensions: without a C
compiler, or with ``ELICITGUARD_PURE=1``, the same modules install as plain Python, and
``elicitguard --version`` says which. An editable install (``pip install -e``, the tests' install)
never compiles: a compiled module beside its source would shadow every later edit of that source.
CI runs the tests again against the judges compiled in a copy of the tree (.ci/run). The compiled
judges call policies/breath.py, never compiled, between long steps, so other threads still run.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The modules judge_elicitation and the response scan run on every form and answer. Not compiled:
# modules whose classes other modules subclass or patch (the carriers, engine, session, hygiene,
# config), breath.py (its point is to be interpreted), and every module that does I/O (proxy/).
COMPILED = ("normalise", "matcher", "classifier", "negation", "forms", "form_schema", "fieldtext", "lookalike",
            "metadata", "ordinary", "spelling", "whole_form", "credentials", "shapes", "postal", "named_secret",
            "response_scan", "judge")


# Commands that only read the project's metadata (pip runs both before building): nothing to compile,
# and mypyc's run (tens of seconds) would be thrown away. ``develop`` is the old editable install.
_NOT_BUILDING = ("egg_info", "dist_info", "develop")


def _compiled_extensions() -> list[object]:
    if os.environ.get("ELICITGUARD_PURE") == "1" or any(arg.startswith("editable") or arg in _NOT_BUILDING
                                                         for arg in sys.argv):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # built without the build requirements (python setup.py by hand)
        return []
    # The build has none of the runtime dependencies, so their imports type as Any (none is compiled).
    # Paths through elicitguard/ (links to policies/) so mypyc names them elicitguard.policies.*.
    paths = [os.path.join("elicitguard", "policies", f"{name}.py") for name in COMPILED]
    try:
        extensions = mypycify(["--ignore-missing-imports", *paths], opt_level="3")
    except (Exception, SystemExit) as error:  # a mypy that cannot type them: install them pure
        print(f"elicitguard: not compiling the judges ({error}); installing them as Python", file=sys.stderr)
        return []
    for extension in extensions:
        extension.optional = True  # no C compiler: install the pure modules instead of failing
    return list(extensions)


class BuildJudges(build_ext):
    """build_ext, all or nothing: mypyc's modules are shims into one shared library (the
    ``*__mypyc`` extension), so a build where any of them failed (an optional extension only warns)
    leaves none of them, and the judges install as Python. Without this, a compiler that failed on the
    shared library alone (the one large C file: out of memory, killed) left shims that cannot be
    imported, and the proxy could not start."""

    def build_extensions(self) -> None:
        self._failed: list[str] = []
        super().build_extensions()
        if self._failed:
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)
            print(f"elicitguard: not compiling the judges ({', '.join(self._failed)} failed to build); "
                  "installing them as Python", file=sys.stderr)
            self.extensions = []  # nothing to copy beside the sources (--inplace)

    def build_extension(self, ext: object) -> None:
        try:
            super().build_extension(ext)
        except BaseException:
            self._failed.append(getattr(ext, "name", "?"))
            raise


if __name__ == "__main__":  # pip's build backend and ``python setup.py`` both run it so
    setup(ext_modules=_compiled_extensions(), cmdclass={"build_ext": BuildJudges})
