"""The safe execution pipeline (docs/agents.md): checkpoint, rules, apply, build, test,
then commit or roll back.

On any failure the working tree is restored to the checkpoint (tracked files through git,
untracked files from a saved copy) and a :Failure is recorded with the failing step, an
excerpt of its output, the touched symbols and the test, so ``check-patch`` warns about the
same change next time.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from hippograph.errors import IngestError
from hippograph.guard.check_patch import Verdict
from hippograph.repo.git import GitResult, run_git
from hippograph.schema.results import Result

EXCERPT_CHARS = 1500
GIT_TIMEOUT_S = 120.0  # a checkpoint or a restore of a big working tree


class RunStep(Result):
    """One step of the pipeline (rules, apply, build, test): whether it passed, and its output."""

    step: str
    ok: bool
    detail: str


class RunReport(Result):
    """What the pipeline did, step by step."""

    outcome: Literal["committed", "passed", "blocked", "failed"]
    steps: list[RunStep]
    verdict: Verdict
    failure_id: str | None = None
    commit: str | None = None


def _git(repo: Path, *args: str, input_text: str | None = None) -> GitResult:
    """A git step of the pipeline; its exit status is the caller's to read."""
    return run_git(repo, *args, input_text=input_text, timeout_s=GIT_TIMEOUT_S, check=False)


class Checkpoint:
    """The state of the working tree: tracked changes
    (a stash commit) and untracked files (copied)."""

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        self.stash = _git(repo, "stash", "create").stdout.strip() or None
        self.saved = Path(tempfile.mkdtemp(prefix="hippo-checkpoint-"))
        listed = _git(repo, "ls-files", "--others", "--exclude-standard", "-z").stdout
        self.untracked = [p for p in listed.split("\0") if p]
        for rel in self.untracked:
            target = self.saved / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(repo / rel, target)

    def restore(self) -> None:
        """Put every tracked and untracked file back as it was."""
        _git(self.repo, "reset", "--hard", "--quiet", "HEAD")
        _git(self.repo, "clean", "-fdq")
        if self.stash:
            done = _git(self.repo, "stash", "apply", "--index", "--quiet", self.stash)
            if done.returncode != 0:
                raise IngestError(
                    f"restoring the checkpoint failed ({done.stderr.strip()[:200]}); "
                    f"your changes are in stash commit {self.stash}."
                )
        for rel in self.untracked:
            target = self.repo / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(self.saved / rel, target)

    def discard(self) -> None:
        """Drop the saved copy."""
        shutil.rmtree(self.saved, ignore_errors=True)


def _run(command: str, repo: Path, timeout_s: float) -> tuple[bool, str]:
    try:
        done = subprocess.run(
            command, shell=True, cwd=repo, capture_output=True, text=True, timeout=timeout_s
        )
    except subprocess.TimeoutExpired as exc:
        out = (
            (exc.stdout or b"").decode(errors="replace")
            if isinstance(exc.stdout, bytes)
            else (exc.stdout or "")
        )
        return False, f"timed out after {timeout_s:g} s\n{out[-EXCERPT_CHARS:]}"
    output = (done.stdout + done.stderr).strip()
    return done.returncode == 0, f"exit {done.returncode}\n{output[-EXCERPT_CHARS:]}"


def failure_recorder(fail: Callable[..., Any]) -> Callable[..., str]:
    """What ``safe_run`` calls when a step fails: a failure recorded through ``fail`` (Memory.fail),
    proved by the command that failed; returns its id."""

    def record(*, step: str, command: str, output: str, symbols: list[str]) -> str:
        first = next(
            (ln for ln in output.splitlines()[1:] if ln.strip()),
            output.splitlines()[0] if output else "",
        )
        result = fail(
            f"patch failed at {step}: {first[:200]}",
            why=output[:1500],
            fix="the change was rolled back",
            test=command,
            symbols=symbols,
            source="tool",
            source_ref=f"safe-run:{step}",
        )
        return str(result.id)

    return record


def safe_run(
    repo: Path,
    patch: str,
    *,
    build: str | None,
    test: str,
    commit: bool,
    allow_dirty: bool,
    timeout_s: float,
    message: str,
    check: Callable[[str], Verdict],
    record: Callable[..., str],
) -> RunReport:
    """Run the pipeline; ``check`` is the rule engine,
    ``record`` records a failure and returns its id."""
    if _git(repo, "rev-parse", "--is-inside-work-tree").returncode != 0:
        raise IngestError(
            f"{repo} is not a git working tree; safe-run needs git to checkpoint and restore."
        )
    dirty = bool(_git(repo, "status", "--porcelain").stdout.strip())
    if dirty and not allow_dirty:
        raise IngestError(
            "the working tree has uncommitted changes; commit or stash them, or pass --allow-dirty "
            "to checkpoint them."
        )
    verdict = check(patch)
    steps = [RunStep(step="rules", ok=verdict.verdict != "block", detail=verdict.verdict)]
    if verdict.verdict == "block":
        return RunReport(outcome="blocked", steps=steps, verdict=verdict)
    probe = _git(repo, "apply", "--check", "-", input_text=patch)
    if probe.returncode != 0:
        raise IngestError(
            f"the patch does not apply: {probe.stderr.strip()[:300]}; the "
            "working tree is untouched."
        )
    checkpoint = Checkpoint(repo)
    settled = False  # the tree is restored, or keeps the change for good: nothing left to undo
    try:
        applied = _git(repo, "apply", "-", input_text=patch)
        steps.append(
            RunStep(step="apply", ok=applied.returncode == 0, detail=applied.stderr.strip())
        )
        if applied.returncode != 0:
            checkpoint.restore()
            raise IngestError(
                f"applying the patch failed: {applied.stderr.strip()[:300]}; the tree was restored."
            )
        for step, command in (("build", build), ("test", test)):
            if not command:
                continue
            ok, output = _run(command, repo, timeout_s)
            steps.append(RunStep(step=step, ok=ok, detail=output))
            if not ok:
                checkpoint.restore()
                settled = True
                failure_id = record(
                    step=step, command=command, output=output, symbols=verdict.symbols
                )
                return RunReport(
                    outcome="failed", steps=steps, verdict=verdict, failure_id=failure_id
                )
        if commit:
            _git(repo, "add", "-A")
            done = _git(repo, "commit", "-q", "-m", message)
            if done.returncode != 0:
                checkpoint.restore()
                raise IngestError(
                    f"git commit failed: {done.stderr.strip()[:300]}; the tree was restored."
                )
            settled = True
            sha = _git(repo, "rev-parse", "HEAD").stdout.strip()
            return RunReport(outcome="committed", steps=steps, verdict=verdict, commit=sha)
        settled = True
        return RunReport(outcome="passed", steps=steps, verdict=verdict)
    except BaseException:
        if not settled:
            checkpoint.restore()
        raise
    finally:
        checkpoint.discard()
