# Shared set-up for scripts/lessons.sh and scripts/test.sh (sourced, not run).
# Creates a virtual environment in .venv (override with VENV=...) and installs this
# project into it in editable mode with the requested extras.
# PYTHON selects the interpreter that creates the venv (default: python3, >= 3.11).

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${VENV:-$REPO/.venv}"
PYTHON="${PYTHON:-python3}"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

setup_venv() {  # usage: setup_venv EXTRAS   e.g. setup_venv notebook
    local extras="$1"
    if [ ! -x "$VENV/bin/python" ]; then
        if ! command -v "$PYTHON" >/dev/null 2>&1; then
            echo "error: $PYTHON not found; install Python >= 3.11 or set PYTHON=/path/to/python" >&2
            exit 1
        fi
        if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
            echo "error: Python >= 3.11 needed, $PYTHON is $("$PYTHON" -V 2>&1)" >&2
            exit 1
        fi
        echo "--- creating virtual environment in $VENV"
        if ! "$PYTHON" -m venv "$VENV"; then
            echo "error: '$PYTHON -m venv' failed (on Debian/Ubuntu: apt-get install python3-venv)" >&2
            rm -rf "$VENV"
            exit 1
        fi
    fi
    # Reinstall only when pyproject.toml changed (the install is editable: code changes
    # need no reinstall). FORCE_INSTALL=1 forces it.
    local stamp="$VENV/.installed-$extras" want
    want="$(cksum < "$REPO/pyproject.toml")"
    if [ "${FORCE_INSTALL:-0}" = 1 ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
        echo "--- pip install -e .[$extras]"
        "$VENV/bin/python" -m pip install --quiet --upgrade "pip>=23"
        "$VENV/bin/python" -m pip install --quiet -e "$REPO[$extras]" --config-settings editable_mode=compat
        echo "$want" > "$stamp"
    else
        echo "--- .venv is up to date with pyproject.toml (FORCE_INSTALL=1 to reinstall)"
    fi
    # The message catalogs (.po -> .mo): the install compiles them, and so does every run,
    # so that an edited translation is what the next lesson or test shows.
    "$VENV/bin/python" -m tutor.i18n.build >/dev/null
    # Everything below runs inside the venv (jupyter finds the venv's kernel and extensions).
    export PATH="$VENV/bin:$PATH"
    export VIRTUAL_ENV="$VENV"
}

# configurable-http-proxy, JupyterHub's proxy, is an npm package: installed into .hub/
# (git-ignored) for `python -m tutor hub` and the hub's browser test. Returns 1, with the
# reason, when npm is missing.
install_proxy() {
    if [ -x "$REPO/.hub/node_modules/.bin/configurable-http-proxy" ] || command -v configurable-http-proxy >/dev/null 2>&1; then
        return 0
    fi
    if ! command -v npm >/dev/null 2>&1; then
        echo "error: npm not found: JupyterHub's proxy (configurable-http-proxy) is an npm package." >&2
        echo "       Install Node.js and npm (Debian: sudo apt-get install -y nodejs npm)." >&2
        return 1
    fi
    echo "--- npm install configurable-http-proxy@5 into .hub/ (JupyterHub's proxy)"
    mkdir -p "$REPO/.hub"
    npm install --silent --no-audit --no-fund --prefix "$REPO/.hub" configurable-http-proxy@5 </dev/null
}
