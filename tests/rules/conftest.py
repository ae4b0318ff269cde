# Makes the shared helper module of the rulebook tests importable in every
# pytest import mode (the directory has no __init__.py on purpose).
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
