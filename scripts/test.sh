#!/usr/bin/env bash
# Set up (venv in .venv + pip install -e .[test]) and run every test: unit and property
# tests, the lessons under nbval, and the browser tests (JupyterLab + Voila + Chromium).
# The CI (.ci/run) calls this same script. Extra arguments go to pytest, e.g.
#   bash scripts/test.sh -m "not browser"      # skip the browser tests
#   bash scripts/test.sh tests/browser -x      # only the browser tests
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"
cd "$REPO"

CHROMIUM="${TUTOR_CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "--- installing chromium (needed by the browser tests)"
        DEBIAN_FRONTEND=noninteractive apt-get update
        DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
    else
        echo "warning: $CHROMIUM not found; the browser tests will fail." >&2
        echo "         Install it (Debian: sudo apt-get install -y chromium) or set TUTOR_CHROMIUM." >&2
    fi
fi

# The class handouts' test reads the PDFs back with poppler (pdftoppm, pdftotext).
if ! command -v pdftoppm >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "--- installing poppler-utils (needed by the handouts test)"
        DEBIAN_FRONTEND=noninteractive apt-get install -y poppler-utils \
            || { DEBIAN_FRONTEND=noninteractive apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y poppler-utils; }
    else
        echo "warning: pdftoppm not found; the handouts test will fail." >&2
        echo "         Install it (Debian: sudo apt-get install -y poppler-utils)." >&2
    fi
fi

# The hub's browser test needs configurable-http-proxy (npm) and so Node.js with npm.
if ! command -v npm >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "--- installing nodejs and npm (needed by the hub's test: configurable-http-proxy)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm \
        || { DEBIAN_FRONTEND=noninteractive apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm; }
fi

setup_venv test
install_proxy || echo "warning: the hub's browser test will fail without configurable-http-proxy." >&2
# The lessons keep each learner's progress (tutor/progress.py); the tests' runs keep theirs
# apart from the progress of whoever runs them.
export TUTOR_PROGRESS="${TUTOR_PROGRESS:-$(mktemp -d)/progress.sqlite3}"

# Default targets: tests/ plus the lessons of every language (nbval) when there are any.
targets=(tests)
shopt -s nullglob
lessons=(notebooks/*.ipynb notebooks/sv/*.ipynb notebooks/fi/*.ipynb)
shopt -u nullglob
if [ ${#lessons[@]} -gt 0 ]; then
    targets+=("${lessons[@]}")
fi
# Explicit paths on the command line replace the defaults.
for a in "$@"; do
    case "$a" in -*) ;; *) if [ -e "${a%%::*}" ]; then targets=(); break; fi ;; esac
done

set -x
exec "$VENV/bin/python" -m pytest \
    --nbval-lax --nbval-cell-timeout=300 \
    --nbval-sanitize-with tests/nbval_sanitize.cfg \
    -ra ${targets[@]+"${targets[@]}"} "$@"
