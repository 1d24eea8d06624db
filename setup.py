"""Build hook: ``pip install .`` compiles the form and response judges to C with mypyc.

Everything else is in pyproject.toml. The judges are the proxy's hottest pure Python (about 90 us a
form never seen before, half of it the interpreter's own overhead), and mypy strict already types
them, so mypyc compiles them as they are. The compiled modules are optional extensions: without a C
compiler, or with ``ELICITGUARD_PURE=1``, the same modules install as plain Python, and
``elicitguard version`` says which. An editable install (``pip install -e``, the tests' install)
never compiles: a compiled module beside its source would shadow every later edit of that source.
CI runs the decision core's tests against a compiled install too (.ci/run).
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

# The modules judge_elicitation and the response scan run on every form and answer. Not compiled:
# modules whose classes other modules subclass or patch (the carriers, engine, session, hygiene,
# config), and every module that does I/O (proxy/).
COMPILED = ("normalise", "matcher", "classifier", "negation", "forms", "credentials", "shapes", "postal",
            "named_secret", "response_scan", "judge")


def _compiled_extensions() -> list[object]:
    if os.environ.get("ELICITGUARD_PURE") == "1" or any(arg.startswith("editable") for arg in sys.argv):
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


setup(ext_modules=_compiled_extensions())
