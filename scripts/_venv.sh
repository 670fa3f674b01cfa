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
  # pip's own output goes to a log; a failure prints its tail. PYTHONWARNINGS keeps setuptools'
  # "Editable installation" banner out of the terminal (it is advice for package authors).
  log="$VENV/install.log"
  echo "== installing Seshat and its dependencies into $VENV"
  echo "   (about a minute the first time, seconds after that; pip's log: $log)"
  : >"$log"
  PYTHONWARNINGS=ignore "$PY" -m pip install --upgrade pip >>"$log" 2>&1 \
    && PYTHONWARNINGS=ignore "$PY" -m pip install --progress-bar off -e '.[dev]' >>"$log" 2>&1 &
  pip_pid=$!
  waited=0
  while kill -0 "$pip_pid" 2>/dev/null; do
    sleep 1
    waited=$((waited + 1))
    if [ $((waited % 15)) -eq 0 ] && kill -0 "$pip_pid" 2>/dev/null; then
      found=$(grep -c -E '^(Collecting|Requirement already)' "$log" || true)
      if grep -q '^Installing collected packages' "$log"; then
        echo "   ... ${waited}s: unpacking the ${found} packages into $VENV"
      else
        echo "   ... ${waited}s: ${found} packages found so far"
      fi
    fi
  done
  if ! wait "$pip_pid"; then
    echo "error: installing Seshat failed; the end of $log:" >&2
    tail -n 25 "$log" >&2
    exit 1
  fi
  echo "== installed in ${waited}s"
  touch "$stamp"
fi
export PATH="$VENV/bin:$PATH"
