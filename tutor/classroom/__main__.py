"""``python -m tutor.classroom`` is ``python -m tutor class``."""
import sys

from . import main

sys.exit(main())
