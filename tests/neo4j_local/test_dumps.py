"""`hippo db backup` / `hippo db restore`: Neo4j's own dump and load, on real managed servers."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hippograph import neo4j_local
from hippograph.cli import app
from hippograph.errors import ConfigError
from hippograph.memory import Memory
from hippograph.neo4j_local import dumps
from hippograph.neo4j_local.server import ManagedServer
from tests.fakes import HashingEmbedder
from tests.neo4j_local.test_server import free_port, managed_settings

runner = CliRunner()
USER = {"source": "user", "source_ref": "chat#1"}


def test_a_server_hippo_does_not_run_is_backed_up_by_its_own_tools(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HIPPOGRAPH_NEO4J_URI", "neo4j+s://abc123.databases.neo4j.io")
    monkeypatch.setenv("HIPPOGRAPH_DATA_DIR", str(tmp_path))
    for command in (["db", "backup"], ["db", "restore", str(tmp_path / "x.dump")]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1
        assert result.stderr == (
            f"Error: `hippo db {command[1]}` works on the managed server only, and "
            "HIPPOGRAPH_NEO4J_URI points at a server you run "
            "(neo4j+s://abc123.databases.neo4j.io); use that server's own backup (Aura: the "
            "console's snapshots; self-managed: "
            "https://neo4j.com/docs/operations-manual/5/backup-restore/).\n"
        )
        assert result.stdout == ""


def test_an_instance_run_in_docker_is_refused(tmp_path: Path) -> None:
    settings = managed_settings(tmp_path, bolt=free_port(), http=free_port())
    settings = settings.model_copy(update={"server_mode": "auto"})
    (tmp_path / "data" / "t2").mkdir(parents=True)
    (tmp_path / "data" / "t2" / "mode").write_text("docker\n")
    with pytest.raises(ConfigError, match=r"runs Neo4j in Docker .* use neo4j-admin in the"):
        neo4j_local.backup(settings)


def test_backup_of_an_instance_never_started_says_start_it(tmp_path: Path) -> None:
    settings = managed_settings(tmp_path, bolt=free_port(), http=free_port())
    with pytest.raises(ConfigError, match=r"has no database yet .* `hippo db start` first"):
        neo4j_local.backup(settings)
    assert not (tmp_path / "data" / "t2" / "backups").exists()


def test_backup_never_overwrites_a_file(tmp_path: Path) -> None:
    settings = managed_settings(tmp_path, bolt=free_port(), http=free_port())
    (tmp_path / "data" / "t2" / "data" / "databases" / "neo4j").mkdir(parents=True)
    taken = tmp_path / "taken.dump"
    taken.write_text("mine")
    with pytest.raises(ConfigError, match=r"taken\.dump already exists; give a new file name"):
        neo4j_local.backup(settings, taken)
    with pytest.raises(ConfigError, match=r"the folder .*/nowhere does not exist; create it"):
        neo4j_local.backup(settings, tmp_path / "nowhere" / "a.dump")
    assert taken.read_text() == "mine"


def test_restore_of_a_missing_file_changes_nothing(tmp_path: Path) -> None:
    settings = managed_settings(tmp_path, bolt=free_port(), http=free_port())
    with pytest.raises(ConfigError) as caught:
        neo4j_local.restore(settings, tmp_path / "gone.dump")
    assert str(caught.value) == (
        f"the backup file {tmp_path / 'gone.dump'} does not exist; give the path of a .dump "
        "file `hippo db backup` wrote. Nothing was changed."
    )
    assert not (tmp_path / "data" / "t2" / "data").exists()


def _snapshot(memory: Memory) -> tuple[list[str], list[str], set[tuple[str, ...]]]:
    """Unit ids, change ids and every unit's edges (id, type, ends), in a stable order."""
    units = sorted(u["id"] for u in memory.units(include_closed=True))
    changes = sorted(c.id for c in memory.log(limit=1000))
    edges = {
        (str(e["id"]), e["type"], e["source_id"], e["target_id"])
        for unit in units
        for e in memory.get(unit).edges
    }
    return units, changes, edges


@pytest.mark.slow
def test_backup_and_restore_into_an_empty_second_instance(tmp_path: Path) -> None:
    """Memory written on X, dumped, loaded into a fresh Y: same units, edges, change log and
    counts, and recall finds it there. On X: a restore over memory without --force, a missing
    file, a file that is not a dump and a dump cut short all leave X as it was."""
    x = managed_settings(tmp_path / "x", bolt=free_port(), http=free_port())
    y = managed_settings(tmp_path / "y", bolt=free_port(), http=free_port())
    neo4j_local.start(x)
    try:
        with Memory.connect(x, embedder=HashingEmbedder(), cwd=tmp_path) as memory:
            memory.remember("We moved analytics to ClickHouse", about=["analytics"], **USER)
            old = memory.remember("Deploys run on Fridays", topic="deploy", about=["ci"], **USER)
            memory.supersede(old.id, "Deploys run on Tuesdays", reason="team vote", **USER)
            before = _snapshot(memory)
        assert len(before[0]) == 3 and len(before[1]) > 3 and len(before[2]) > 3
        held = dumps.counts(x)
        assert held.units == 3 and held.changes > 0 and held.relationships > 0

        report = neo4j_local.backup(x)
        dump = Path(report.file)
        assert dump.parent == x.data_dir / "t2" / "backups"
        assert dump.name.startswith("neo4j-") and dump.suffix == ".dump"
        assert stat.S_IMODE(dump.stat().st_mode) == 0o600
        assert report.counts == held and report.size_bytes == dump.stat().st_size
        assert report.server == "stopped for the dump and started again"
        assert ManagedServer(x).is_running() and dumps.counts(x) == held

        # Refusals on X, which holds memory: each one sentence, X untouched and still running.
        with pytest.raises(ConfigError) as refused:
            neo4j_local.restore(x, dump)
        assert str(refused.value) == (
            "the database 'neo4j' of the managed instance 't2' holds memory "
            f"({held.summary()}); restoring would replace it: pass --force (a dump of it is "
            "kept first), or restore into another instance (HIPPOGRAPH_INSTANCE). "
            "Nothing was changed."
        )
        garbage = tmp_path / "garbage.dump"
        garbage.write_bytes(os.urandom(4096))
        with pytest.raises(ConfigError) as not_a_dump:
            neo4j_local.restore(x, garbage, force=True)
        assert str(not_a_dump.value).startswith(
            f"{garbage} is not a Neo4j dump that neo4j-admin can load (Failed to get metadata "
            f"for archive '{garbage}'"
        )
        assert str(not_a_dump.value).endswith(
            "; give a file `hippo db backup` wrote. Nothing was changed."
        )
        with pytest.raises(ConfigError, match=r"does not exist; give the path of a \.dump file"):
            neo4j_local.restore(x, tmp_path / "missing.dump", force=True)
        assert ManagedServer(x).is_running() and dumps.counts(x) == held

        # A dump cut short passes the header check and fails in the load itself: the safety
        # dump taken first is loaded back, and kept, since X held memory.
        cut = tmp_path / "cut.dump"
        cut.write_bytes(dump.read_bytes()[: dump.stat().st_size // 3])
        with pytest.raises(ConfigError) as failed:
            neo4j_local.restore(x, cut, force=True)
        message = str(failed.value)
        assert message.startswith(f"neo4j-admin could not load {cut} (Failed to load database")
        assert "; the previous database was put back as it was and the server started again" in (
            message
        )
        kept = sorted((x.data_dir / "t2" / "backups").glob("before-restore-*.dump"))
        assert len(kept) == 1 and str(kept[0]) in message
        assert ManagedServer(x).is_running() and dumps.counts(x) == held

        # Y was never started: the load creates its database, then it starts with its own
        # password and the schema applied.
        restored = neo4j_local.restore(y, dump)
        assert restored.replaced is None and restored.kept is None
        assert restored.counts == held and restored.server == "started"
        assert restored.schema_statements > 0
        with Memory.connect(y, embedder=HashingEmbedder(), cwd=tmp_path) as memory:
            assert _snapshot(memory) == before
            found = memory.recall("Which database holds analytics?", mode="hybrid")
            assert [i["text"] for i in found.items][:1] == ["We moved analytics to ClickHouse"]
            deploys = memory.recall("When do deploys run?", mode="keyword")
            assert [i["text"] for i in deploys.items][:1] == ["Deploys run on Tuesdays"]
        assert y.resolved_password() != x.resolved_password()  # Y kept its own login
    finally:
        neo4j_local.stop(y)
        neo4j_local.stop(x)
