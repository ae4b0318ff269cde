#!/usr/bin/env bash
# A class or club evening from a fresh clone: set up .venv (pip install -e .[class]) and
# serve the lessons to the room (docs/CLASSROOM.md). Arguments go to `python -m tutor class`:
#   bash scripts/class.sh --lessons 5-8 --lang sv
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"
cd "$REPO"
setup_venv class
exec "$VENV/bin/python" -m tutor class "$@"
