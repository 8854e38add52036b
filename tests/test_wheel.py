"""The wheel ships every cypher/ file and docker-compose.yml (STYLE §4)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_contains_every_cypher_file(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(tmp_path),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (wheel,) = tmp_path.glob("hippograph-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        f"hippograph/cypher/{p.relative_to(ROOT / 'cypher').as_posix()}"
        for p in (ROOT / "cypher").rglob("*.cypher")
    }
    assert expected, "no cypher files found in the checkout"
    assert expected - names == set()
    assert "hippograph/neo4j_local/docker-compose.yml" in names
    assert "hippograph/neo4j_local/browser/hippograph.grass" in names  # the Browser style
