"""``python -m tabletome``: the ``tabletome`` command, for a venv whose scripts folder is not on PATH."""

import sys

from tabletome.cli.main import main

sys.exit(main())
