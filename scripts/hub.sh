#!/usr/bin/env bash
# The tutor on a real JupyterHub on this computer, from a fresh clone: set up .venv
# (pip install -e .[hub]), install JupyterHub's proxy (configurable-http-proxy, npm) into
# .hub/, then start the hub with a teacher and learners (docs/HUB.md). Arguments go to
# `python -m tutor hub`:
#   bash scripts/hub.sh --users 3 --lessons 5-8 --port 8000
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"
cd "$REPO"
setup_venv hub
install_proxy
exec "$VENV/bin/python" -m tutor hub "$@"
