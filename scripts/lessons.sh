#!/usr/bin/env bash
# Set up (venv in .venv + pip install -e .[notebook]) and open the lessons in the learner
# view: Voila serving notebooks/, the lesson list first, no code on the pages
# (tutor/lessons/serve.py). Stop with Ctrl-C.
#   bash scripts/lessons.sh                  # the learner view, in the system's language
#   bash scripts/lessons.sh --lang sv        # in Swedish (en, sv, fi)
#   bash scripts/lessons.sh --port 8890 --no-browser
#   bash scripts/lessons.sh --lab            # JupyterLab instead: the sandbox, the teacher's
#                                            # notebook and the lessons' code for what-ifs
#                                            # (--lang sv|fi: the sandbox in that language;
#                                            # other arguments go to `jupyter lab`)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/_env.sh"
cd "$REPO"
setup_venv notebook

if [ ! -f notebooks/00-lessons.ipynb ]; then
    echo "error: no lesson list found (expected notebooks/00-lessons.ipynb); run: python scripts/build_notebooks.py" >&2
    exit 1
fi

if [ "${1:-}" = "--lab" ]; then
    shift
    args=()
    if [ "$(id -u)" -eq 0 ]; then
        args+=(--allow-root)
    fi
    # --lang sv|fi: the sandbox of that language, and its tables in it (TUTOR_LANG)
    lang=""
    while [ $# -gt 0 ]; do
        case "$1" in
            --lang) lang="${2:-}"; shift 2 || shift ;;
            --lang=*) lang="${1#--lang=}"; shift ;;
            *) args+=("$1"); shift ;;
        esac
    done
    case "$lang" in
        "") sandbox=notebooks/sandbox.ipynb ;;
        en) sandbox=notebooks/sandbox.ipynb; export TUTOR_LANG=en ;;
        sv|fi) sandbox="notebooks/$lang/sandbox.ipynb"; export TUTOR_LANG="$lang" ;;
        *) echo "error: --lang takes en, sv or fi (not '$lang')" >&2; exit 2 ;;
    esac
    echo "--- jupyter lab $sandbox  (stop with Ctrl-C)"
    exec "$VENV/bin/jupyter" lab "$sandbox" ${args[@]+"${args[@]}"}
fi
echo "--- the lessons in the learner view (Voila)  (stop with Ctrl-C)"
exec "$VENV/bin/python" -m tutor.lessons.serve "$@"
