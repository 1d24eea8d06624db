"""``python -m elicitguard`` is the same as the ``elicitguard`` console script."""

import sys

from elicitguard.proxy.cli import main

sys.exit(main())
