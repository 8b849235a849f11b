"""``python -m redcode_rules``: the ``redcode`` command."""

import sys

from .cli import main

if __name__ == "__main__":  # not when imported (compiled_modules imports every module)
    sys.exit(main())
