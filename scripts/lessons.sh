#!/usr/bin/env bash
# Set up (venv in .venv + pip install -e .[notebook]) and open lesson 1 in JupyterLab.
# Extra arguments go to `jupyter lab`, e.g.  bash scripts/lessons.sh --no-browser --port 8890
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"
cd "$REPO"
setup_venv notebook

shopt -s nullglob
lessons=(notebooks/01-*.ipynb)
shopt -u nullglob
if [ ${#lessons[@]} -eq 0 ]; then
    echo "error: no lesson 1 found (expected notebooks/01-*.ipynb)" >&2
    exit 1
fi

args=()
if [ "$(id -u)" -eq 0 ]; then
    args+=(--allow-root)
fi
echo "--- jupyter lab ${lessons[0]}  (stop with Ctrl-C)"
exec "$VENV/bin/jupyter" lab "${lessons[0]}" ${args[@]+"${args[@]}"} "$@"
