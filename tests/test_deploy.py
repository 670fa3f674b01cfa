"""The service files in deploy/ (docs/operating.md): the systemd unit passes `systemd-analyze
verify`; compose.yaml and its Dockerfile hang together. Docker cannot run on this machine (no
daemon, no compose plugin), so the compose file is checked by reading it, not by starting it."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_the_systemd_unit_verifies(tmp_path: Path) -> None:
    seshat = tmp_path / "seshat"
    seshat.write_text("#!/bin/sh\nexit 0\n")
    seshat.chmod(0o755)
    unit = (DEPLOY / "seshat.service").read_text(encoding="utf-8")
    assert "ExecStart=/opt/seshat/.venv/bin/seshat run" in unit
    assert "ExecStartPre=/opt/seshat/.venv/bin/seshat check-config" in unit
    # The install paths and user do not exist on a test machine: point them at what does.
    unit = unit.replace("/opt/seshat/.venv/bin/seshat", str(seshat))
    unit = re.sub(r"^(User|Group)=seshat$", r"\1=root", unit, flags=re.M)
    (tmp_path / "seshat.service").write_text(unit)
    result = subprocess.run(
        ["systemd-analyze", "verify", str(tmp_path / "seshat.service")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr


def test_compose_runs_seshat_on_its_postgres() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))
    services = compose["services"]
    postgres, seshat = services["postgres"], services["seshat"]
    assert seshat["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    env = postgres["environment"]
    url = seshat["environment"]["DATABASE_URL"]
    match = re.fullmatch(r"postgresql://(\w+):(.+)@postgres:5432/(\w+)", url)
    assert match, url
    assert match.group(1) == env["POSTGRES_USER"] and match.group(3) == env["POSTGRES_DB"]
    assert match.group(2) == env["POSTGRES_PASSWORD"]
    named = {v.split(":", 1)[0] for s in services.values() for v in s.get("volumes", [])}
    assert named <= set(compose["volumes"]), "every named volume is declared"
    data = seshat["environment"]["SESHAT_DATA_DIR"]
    assert any(v.endswith(":" + data) for v in seshat["volumes"]), "the data dir is a volume"
    build = seshat["build"]
    dockerfile = (DEPLOY / build["context"] / build["dockerfile"]).resolve()
    assert dockerfile.is_file()
    for line in dockerfile.read_text(encoding="utf-8").splitlines():
        if line.startswith("COPY "):
            for source in line.split()[1:-1]:
                assert (ROOT / source).exists(), source
    assert "[dev]" not in dockerfile.read_text(encoding="utf-8"), "no dev tools in the image"
