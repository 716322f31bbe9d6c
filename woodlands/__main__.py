"""``python -m woodlands``: the same as the ``woodlands`` command."""
import sys

from .cli.main import main

sys.exit(main())
