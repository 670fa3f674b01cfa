# Sourced by scripts/check and scripts/run: make .venv with Python >= 3.11 and install Seshat into
# it: the runtime alone for scripts/run, with the dev tools (SESHAT_EXTRAS=dev) for scripts/check.
SESHAT_EXTRAS="${SESHAT_EXTRAS:-}"
is_new_enough() { "$1" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; }
version_of() { "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || echo "unknown"; }
PYTHON_BIN="${PYTHON:-}"
if [ -n "$PYTHON_BIN" ]; then
  # An explicit PYTHON is checked too: a venv made with an old one breaks, and is reused.
  if ! is_new_enough "$PYTHON_BIN"; then
    echo "error: PYTHON=$PYTHON_BIN is Python $(version_of "$PYTHON_BIN"); Seshat needs >= 3.11" >&2
    exit 1
  fi
else
  for candidate in python3.11 python3.12 python3.13 python3; do
    if command -v "$candidate" >/dev/null 2>&1 && is_new_enough "$candidate"; then
      PYTHON_BIN="$candidate"; break
    fi
  done
fi
if [ -z "$PYTHON_BIN" ]; then
  echo "error: Seshat needs Python >= 3.11 (set PYTHON=/path/to/python3.11)" >&2
  exit 1
fi
VENV="${SESHAT_VENV:-.venv}"
if [ -x "$VENV/bin/python" ] && ! is_new_enough "$VENV/bin/python"; then
  echo "== $VENV was made with Python $(version_of "$VENV/bin/python"): making it again with $PYTHON_BIN"
  rm -rf "$VENV"
fi
if [ ! -x "$VENV/bin/python" ]; then
  echo "== creating $VENV with $PYTHON_BIN"
  "$PYTHON_BIN" -m venv "$VENV"
fi
PY="$VENV/bin/python"
stamp="$VENV/.seshat-installed"
# The stamp names the extras installed; dev tools already there serve scripts/run too.
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] \
  || { [ -n "$SESHAT_EXTRAS" ] && ! grep -qx "$SESHAT_EXTRAS" "$stamp"; }; then
  # pip's own output goes to a log; a failure prints its tail. PYTHONWARNINGS keeps setuptools'
  # "Editable installation" banner out of the terminal (it is advice for package authors).
  log="$VENV/install.log"
  target="."
  [ -n "$SESHAT_EXTRAS" ] && target=".[$SESHAT_EXTRAS]"
  echo "== installing Seshat${SESHAT_EXTRAS:+ (with $SESHAT_EXTRAS tools)} and its dependencies into $VENV"
  echo "   (one to two minutes the first time, seconds after that; pip's log: $log)"
  : >"$log"
  # pip upgrades itself first, logged apart: its own "Installing collected packages: pip" is not
  # the install of Seshat's packages.
  PYTHONWARNINGS=ignore "$PY" -m pip install --upgrade pip >"$VENV/pip-upgrade.log" 2>&1 \
    && PYTHONWARNINGS=ignore "$PY" -m pip install --progress-bar off -e "$target" >>"$log" 2>&1 &
  pip_pid=$!
  waited=0
  while kill -0 "$pip_pid" 2>/dev/null; do
    sleep 1
    waited=$((waited + 1))
    if [ $((waited % 15)) -eq 0 ] && kill -0 "$pip_pid" 2>/dev/null; then
      found=$(grep -c -E '^(Collecting|Requirement already)' "$log" || true)
      if grep -q '^Installing collected packages' "$log"; then
        echo "   ... ${waited}s: all ${found} packages found; installing them (the longest step)"
      elif [ "$found" -gt 0 ]; then
        echo "   ... ${waited}s: ${found} packages found so far"
      else
        echo "   ... ${waited}s: updating pip"
      fi
    fi
  done
  if ! wait "$pip_pid"; then
    echo "error: installing Seshat failed; the end of $log:" >&2
    tail -n 25 "$VENV/pip-upgrade.log" "$log" >&2
    exit 1
  fi
  echo "== installed in ${waited}s"
  echo "${SESHAT_EXTRAS:-runtime}" >"$stamp"
fi
export PATH="$VENV/bin:$PATH"
