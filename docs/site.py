"""Build or serve the documentation site, printing only the build's own messages.

    python docs/site.py build --strict     # or: serve, and any other mkdocs arguments

The theme (Material for MkDocs) prints a banner on every build; it documents
``NO_MKDOCS_2_WARNING=1`` to silence it, and ``DISABLE_MKDOCS_2_WARNING=true``
silences the like notice some plugins print. This sets both, then runs MkDocs.
"""

from __future__ import annotations

import os
import sys

QUIET = {"NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}


def main(argv: list[str]) -> int:
    """Run ``mkdocs`` with ``argv`` from the repository's root, its banners silenced."""
    for name, value in QUIET.items():
        os.environ.setdefault(name, value)
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from mkdocs.__main__ import cli
    return cli.main(args=argv, prog_name="mkdocs", standalone_mode=False) or 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
