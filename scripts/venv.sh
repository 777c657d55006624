# Sourced by scripts/run and scripts/test: `ensure_venv EXTRAS` creates .venv if needed and installs the
# project (with the optional dependencies EXTRAS, e.g. "dev") only when pyproject.toml changed since that
# install, so starting again costs no pip run. Each extras set keeps its own stamp of pyproject.toml's hash.
ensure_venv() {
  local extras=$1 spec=. stamp=.venv/.installed-base want
  if [ ! -x .venv/bin/python ]; then
    "${PYTHON:-python3}" -m venv .venv
  fi
  if [ -n "$extras" ]; then
    spec=".[$extras]"
    stamp=".venv/.installed-$extras"
  fi
  want=$(sha256sum pyproject.toml | cut -d' ' -f1)
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$spec"
    echo "$want" > "$stamp"
  fi
}
