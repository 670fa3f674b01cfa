# Sourced by scripts/check and scripts/run: make .venv with Python >= 3.11 and install Seshat into it.
PYTHON_BIN="${PYTHON:-}"
if [ -z "$PYTHON_BIN" ]; then
  for candidate in python3.11 python3.12 python3.13 python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
      PYTHON_BIN="$candidate"; break
    fi
  done
fi
if [ -z "$PYTHON_BIN" ]; then
  echo "error: Seshat needs Python >= 3.11 (set PYTHON=/path/to/python3.11)" >&2
  exit 1
fi
VENV="${SESHAT_VENV:-.venv}"
if [ ! -x "$VENV/bin/python" ]; then
  echo "== creating $VENV with $PYTHON_BIN"
  "$PYTHON_BIN" -m venv "$VENV"
fi
PY="$VENV/bin/python"
stamp="$VENV/.seshat-installed"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "== installing seshat-bot and its dev tools into $VENV"
  "$PY" -m pip install --quiet --upgrade pip
  "$PY" -m pip install --quiet -e '.[dev]'
  touch "$stamp"
fi
export PATH="$VENV/bin:$PATH"
