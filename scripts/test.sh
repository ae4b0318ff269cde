#!/usr/bin/env bash
# Set up (venv in .venv + pip install -e .[test]) and run every test of every tier: the fast
# tier (what `python -m pytest` alone runs), the slow tier (the 1000-hand random play, the
# rule tests re-run under a recorder), the server tier (tests that start Voila), the browser
# tier (JupyterLab + Voila + Chromium) and the lessons under nbval. The CI (.ci/run) calls
# this same script. The fast and slow tiers run on both cores (pytest-xdist, -n 2); the
# server and browser tests and the notebooks one at a time (they start servers and measure
# times). Extra arguments go to pytest, e.g.
#   bash scripts/test.sh -m "not browser"      # every tier but the browser tests, one run
#   bash scripts/test.sh tests/browser -x      # only the browser tests
# With an explicit path or -m there is one pytest run, with every tier selected unless -m
# says otherwise. The property tests try as hard as in CI (TUTOR_HYPOTHESIS=full).
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

export TUTOR_HYPOTHESIS="${TUTOR_HYPOTHESIS:-full}"
# Every tier, explicitly (pyproject.toml's addopts selects only the fast tier).
ALL_TIERS="slow or server or browser or not (slow or server or browser)"
NBVAL=(--nbval-lax --nbval-cell-timeout=300 --nbval-sanitize-with tests/nbval_sanitize.cfg)

# The lessons of every language and the tests' own notebooks (nbval), when there are any.
shopt -s nullglob
lessons=(notebooks/*.ipynb notebooks/sv/*.ipynb notebooks/fi/*.ipynb)
test_notebooks=(tests/notebooks/*.ipynb)
shopt -u nullglob

# Explicit paths or a marker expression on the command line: one run of what they name.
explicit=""
for a in "$@"; do
    case "$a" in
        -m|--markexpr|-m*|--markexpr=*) explicit=1 ;;
        -*) ;;
        *) if [ -e "${a%%::*}" ]; then explicit=1; fi ;;
    esac
done
if [ -n "$explicit" ]; then
    have_path=""
    for a in "$@"; do
        case "$a" in -*) ;; *) if [ -e "${a%%::*}" ]; then have_path=1; fi ;; esac
    done
    defaults=()
    if [ -z "$have_path" ]; then defaults=(tests ${lessons[@]+"${lessons[@]}"}); fi
    set -x
    exec "$VENV/bin/python" -m pytest "${NBVAL[@]}" -ra -m "$ALL_TIERS" \
        ${defaults[@]+"${defaults[@]}"} "$@"
fi

set -x
# 1. the fast and slow tiers, on both cores
"$VENV/bin/python" -m pytest -n 2 -ra -m "not server and not browser" tests "$@"
# 2. the server and browser tiers, one test at a time (the 20 slowest named at the end).
#    Each test fails after 600 s (pytest-timeout, tests/conftest.py); the whole tier is
#    interrupted after 50 minutes (SIGINT: pytest still prints what ran and what failed),
#    so that a run that hangs ends inside CI's 90 minutes with its report.
guard=()
if command -v timeout >/dev/null 2>&1; then guard=(timeout --signal=INT --kill-after=120 3000); fi
${guard[@]+"${guard[@]}"} "$VENV/bin/python" -m pytest -ra --durations=20 -m "server or browser" tests "$@"
# 3. the notebooks under nbval (cells in order, one kernel per notebook)
notebooks=(${test_notebooks[@]+"${test_notebooks[@]}"} ${lessons[@]+"${lessons[@]}"})
if [ ${#notebooks[@]} -gt 0 ]; then
    "$VENV/bin/python" -m pytest "${NBVAL[@]}" -ra -m "$ALL_TIERS" "${notebooks[@]}" "$@"
fi
