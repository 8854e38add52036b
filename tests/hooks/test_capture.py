"""Session capture: the SessionEnd/PreCompact hook spawns;
the capture process files episodes and hypotheses."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hippograph.hooks import capture
from hippograph.ingest.import_transcript import turn_episode_id
from hippograph.ingest.transcript import read_transcript
from hippograph.memory import Memory
from hippograph.repo.project import project_of

GENERIC = [
    {
        "session": "s1",
        "turn": 1,
        "speaker": "user",
        "text": "Hi! Please remember that we deploy on Fridays only.",
    },
    {
        "session": "s1",
        "turn": 2,
        "speaker": "assistant",
        "text": "Noted. I will never call anything on Fridays.",
    },
    {
        "session": "s1",
        "turn": 3,
        "speaker": "user",
        "text": "Thanks. Also: never call the billing API from tests",
    },
    {
        "session": "s1",
        "turn": 4,
        "speaker": "user",
        "text": "Should we always squash merges? And what did we decide?",
    },
    {"session": "s1", "turn": 5, "speaker": "user", "text": "ok never mind"},
]


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def git_repo(path: Path) -> Path:
    path.mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=path, check=True)
    global SHOP
    SHOP = project_of(path).id  # a repository without a remote is named by its root path
    return path


SHOP = ""


def episode_of(transcript: Path, scope: str, session: str, turn: int) -> str:
    """The id of the episode a turn of ``transcript`` became."""
    read = read_transcript(transcript)
    (found,) = [t for t in read.turns if (t.session, t.turn) == (session, turn)]
    return turn_episode_id(scope, read, found)


def hook_payload(transcript: Path, cwd: Path, event: str = "SessionEnd") -> dict[str, Any]:
    """A SessionEnd (or PreCompact) payload as Claude Code sends it on stdin."""
    base = {
        "session_id": "9f1c2d3e-0000-4000-8000-000000000001",
        "transcript_path": str(transcript),
        "cwd": str(cwd),
        "permission_mode": "default",
        "hook_event_name": event,
    }
    base.update(
        {"reason": "prompt_input_exit"}
        if event == "SessionEnd"
        else {"trigger": "auto", "custom_instructions": ""}
    )
    return base


def captured(memory: Memory, scope: str) -> list[tuple[str, str, str]]:
    units = memory.units(scope=scope, limit=1000)
    return sorted(
        (u["kind"], u["text"], u["truth_status"]) for u in units if u["kind"] != "episode"
    )


def test_user_statements_become_hypotheses_from_their_episodes(
    memory: Memory, tmp_path: Path
) -> None:
    transcript = write_jsonl(tmp_path / "session.jsonl", GENERIC)
    repo = git_repo(tmp_path / "shop")
    summary = capture.capture(transcript, repo, memory=memory)
    assert summary["scope"] == SHOP and summary["episodes_imported"] == 5
    assert captured(memory, SHOP) == [
        ("fact", "We deploy on Fridays only", "hypothesis"),
        ("rule", "Never call the billing API from tests", "hypothesis"),
    ]
    by_text = {u["text"]: u for u in memory.units(scope=SHOP, limit=1000)}
    fact, rule = (
        by_text["We deploy on Fridays only"],
        by_text["Never call the billing API from tests"],
    )
    assert fact["source_kind"] == "agent" and fact["source_ref"] == "session.jsonl#1"
    assert (rule["category"], rule["severity"], rule["source_ref"]) == (
        "code",
        "medium",
        "session.jsonl#3",
    )
    for unit, turn in ((fact, 1), (rule, 3)):
        edges = memory.get(unit["id"]).edges
        assert [(e["type"], e["target_id"]) for e in edges if e["type"] == "FROM"] == [
            ("FROM", episode_of(transcript, SHOP, "s1", turn))
        ]


def test_capturing_twice_adds_nothing(memory: Memory, tmp_path: Path) -> None:
    transcript = write_jsonl(tmp_path / "session.jsonl", GENERIC)
    repo = git_repo(tmp_path / "shop")
    first = capture.capture(transcript, repo, memory=memory)
    before = {u["id"]: u for u in memory.units(scope=SHOP, limit=1000)}
    second = capture.capture(transcript, repo, memory=memory)
    after = {u["id"]: u for u in memory.units(scope=SHOP, limit=1000)}
    assert len(first["recorded"]) == 2
    assert (
        second["episodes_imported"],
        second["episodes_present"],
        second["recorded"],
        second["already_captured"],
    ) == (0, 5, [], 2)
    assert after == before  # no new unit, and nothing strengthened either


def test_a_later_turn_repeating_a_statement_links_it_once_more(
    memory: Memory, tmp_path: Path
) -> None:
    transcript = write_jsonl(tmp_path / "session.jsonl", GENERIC)
    repo = git_repo(tmp_path / "shop")
    capture.capture(transcript, repo, memory=memory)
    more = [
        *GENERIC,
        {
            "session": "s1",
            "turn": 6,
            "speaker": "user",
            "text": "Remember: we deploy on Fridays only!",
        },
    ]
    summary = capture.capture(write_jsonl(transcript, more), repo, memory=memory)
    assert [r["action"] for r in summary["recorded"]] == ["strengthened"]
    fact = next(
        u
        for u in memory.units(scope=SHOP, kind="fact", limit=100)
        if u["text"] == "We deploy on Fridays only"
    )
    assert sorted(
        e["target_id"] for e in memory.get(fact["id"]).edges if e["type"] == "FROM"
    ) == sorted(episode_of(transcript, SHOP, "s1", t) for t in (1, 6))


def test_claude_code_transcript_outside_a_repository(memory: Memory, tmp_path: Path) -> None:
    session = "9f1c2d3e-0000-4000-8000-000000000001"
    rows = [
        {"type": "summary", "summary": "Billing work"},
        {
            "type": "user",
            "sessionId": session,
            "timestamp": "2026-02-01T10:00:00Z",
            "message": {
                "role": "user",
                "content": "<system-reminder>Always answer in French.</system-reminder>"
                "We decided to keep invoices in Postgres.",
            },
        },
        {
            "type": "assistant",
            "sessionId": session,
            "timestamp": "2026-02-01T10:00:05Z",
            "message": {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "Always happy to help."},
                    {"type": "tool_use", "id": "t1", "name": "Edit", "input": {}},
                ],
            },
        },
        {
            "type": "user",
            "sessionId": session,
            "timestamp": "2026-02-01T10:00:06Z",
            "message": {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}],
            },
        },
        {
            "type": "user",
            "sessionId": session,
            "timestamp": "2026-02-01T10:01:00Z",
            "message": {
                "role": "user",
                "content": [
                    {"type": "text", "text": "From now on, run the linter before committing."}
                ],
            },
        },
    ]
    transcript = write_jsonl(tmp_path / f"{session}.jsonl", rows)
    plain = tmp_path / "notes"
    plain.mkdir()
    summary = capture.capture(transcript, plain, memory=memory)
    assert summary["scope"] == "workspace"
    assert captured(memory, "workspace") == [
        ("fact", "We decided to keep invoices in Postgres", "hypothesis"),
        ("rule", "Run the linter before committing", "hypothesis"),
    ]
    rule = next(u for u in memory.units(kind="rule", limit=10))
    assert rule["valid_from"].isoformat() == "2026-02-01T10:01:00+00:00"


def test_handle_spawns_the_capture_process(tmp_path: Path) -> None:
    transcript = write_jsonl(tmp_path / "t.jsonl", GENERIC)
    calls: list[list[str]] = []
    for event in ("SessionEnd", "PreCompact"):
        assert capture.handle(hook_payload(transcript, tmp_path, event), calls.append) is None
    argv = [
        sys.executable,
        "-m",
        "hippograph.hooks.capture",
        "--transcript",
        str(transcript),
        "--cwd",
        str(tmp_path),
        "--session",
        "9f1c2d3e-0000-4000-8000-000000000001",
    ]
    assert calls == [argv, argv]


@pytest.mark.parametrize(
    "change",
    [
        {"transcript_path": "/nonexistent/t.jsonl"},
        {"transcript_path": None},
        {"hook_event_name": "UserPromptSubmit"},
    ],
)
def test_handle_ignores_payloads_without_a_transcript(
    tmp_path: Path, change: dict[str, Any]
) -> None:
    payload = {**hook_payload(write_jsonl(tmp_path / "t.jsonl", GENERIC), tmp_path), **change}
    calls: list[list[str]] = []
    capture.handle(payload, calls.append)
    assert calls == []


def test_handle_never_raises(tmp_path: Path) -> None:
    def broken(argv: list[str]) -> None:
        raise OSError("fork failed")

    assert (
        capture.handle(hook_payload(write_jsonl(tmp_path / "t.jsonl", GENERIC), tmp_path), broken)
        is None
    )


def test_handle_is_fast_and_loads_neither_the_driver_nor_the_model(tmp_path: Path) -> None:
    transcript = write_jsonl(tmp_path / "t.jsonl", GENERIC)
    code = (
        "import sys, time\n"
        "t0 = time.perf_counter()\n"
        "from hippograph.hooks import capture\n"
        "calls = []\n"
        f"capture.handle({hook_payload(transcript, tmp_path)!r}, calls.append)\n"
        "took = time.perf_counter() - t0\n"
        "print(len(calls), 'neo4j' in sys.modules, 'tokenizers' in sys.modules, took < 0.5)\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "False", "False", "True"]


def test_detached_process_end_to_end(
    memory: Memory, env_for_cli: dict[str, str], tmp_path: Path
) -> None:
    """What the hook spawns, run for real: settings from the environment, errors to capture.log."""
    transcript = write_jsonl(tmp_path / "t.jsonl", GENERIC)
    repo = git_repo(tmp_path / "shop")
    data_dir = tmp_path / "data"
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("HIPPOGRAPH_")},
        **env_for_cli,
        "HIPPOGRAPH_DATA_DIR": str(data_dir),
        "HIPPOGRAPH_BRANCH": "main",
    }
    ran: list[subprocess.CompletedProcess[str]] = []

    def spawn(argv: list[str]) -> None:  # the dispatcher detaches; here we wait for it
        ran.append(
            subprocess.run(
                argv,
                capture_output=True,
                text=True,
                env=env,
                timeout=120,
                cwd=Path(__file__).resolve().parents[2],
            )
        )

    capture.handle(hook_payload(transcript, repo), spawn)
    assert ran[0].returncode == 0, (data_dir / "capture.log").read_text()
    assert ran[0].stdout == ""
    assert captured(memory, SHOP) == [
        ("fact", "We deploy on Fridays only", "hypothesis"),
        ("rule", "Never call the billing API from tests", "hypothesis"),
    ]
    assert "captured" in (data_dir / "capture.log").read_text()
    # With Neo4j out of reach the session is queued, not lost (tests/hooks/test_spool.py).
    broken = {**env, "HIPPOGRAPH_NEO4J_URI": "bolt://127.0.0.1:1"}
    queued = subprocess.run(
        capture.capture_argv(str(transcript), str(repo), "s"),
        capture_output=True,
        text=True,
        env=broken,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert queued.returncode == 0 and queued.stdout == ""
    assert queued.stderr.startswith("hippograph capture: Neo4j cannot be reached")
    assert "cannot be reached" in (data_dir / "capture.log").read_text()
    assert "Traceback" not in (data_dir / "capture.log").read_text()
