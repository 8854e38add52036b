"""Running git: the one way the package calls it.

Every call is an argument list (never a shell) run as ``git --no-pager -C <repo> …`` with a
timeout, in the caller's environment minus every inherited ``GIT_*`` variable: inside a git
hook, ``GIT_DIR``, ``GIT_WORK_TREE`` or ``GIT_INDEX_FILE`` would point git at another
repository or index, and ``GIT_CONFIG_*`` would change how it prints. Only the author and
committer names and e-mails are kept: they say who, not where, and a commit made for the user
carries the identity they set. ``LC_ALL=C`` keeps git's messages matchable,
``GIT_OPTIONAL_LOCKS=0`` keeps a read from taking the index lock the user's own git needs,
and ``GIT_TERMINAL_PROMPT=0`` means git never waits for a password.

A failure is one sentence of the error tree: :class:`ConfigError` when git cannot be started,
:class:`IngestError` (the repository as its path) when a command fails or outlives its timeout.
A caller for whom a failure only means "unknown" uses :func:`git_output`, which gives None.

Standard library and ``hippograph.errors`` only: the prompt hook imports this module.
"""

from __future__ import annotations

import os
import subprocess
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TypeVar

from hippograph.errors import ConfigError, HippographError, IngestError

TIMEOUT_S = 10.0  # a short command: rev-parse, ls-files, status
NOT_A_REPOSITORY = "not a git repository; run it inside one or pass --repo"

# Who, not where: kept so that a commit made for the user carries the identity they set.
_KEPT = frozenset(
    {"GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL"}
)
_OUTSIDE = ("not a git repository", "cannot change to")
_T = TypeVar("_T")


@dataclass(frozen=True)
class GitResult:
    """A git command that ran to its end: its exit status and its output as text."""

    repo: Path
    args: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str

    @property
    def ok(self) -> bool:
        """True when git exited with status 0."""
        return self.returncode == 0

    @property
    def is_outside_repository(self) -> bool:
        """True when git failed because ``repo`` is no git repository (or no folder at all)."""
        return not self.ok and any(marker in self.stderr for marker in _OUTSIDE)

    def failure(self) -> str:
        """What went wrong, in one sentence: not a repository, or git's own first line."""
        if self.is_outside_repository:
            return NOT_A_REPOSITORY
        lines = self.stderr.strip().splitlines()
        reason = lines[0].removeprefix("fatal: ") if lines else f"exit status {self.returncode}"
        return (
            f"git {_subcommand(self.args)} failed: {reason}; check the repository with git status"
        )


def git_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment git runs in: the caller's without its ``GIT_*`` variables, then ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") or k in _KEPT}
    env.update(LC_ALL="C", GIT_OPTIONAL_LOCKS="0", GIT_TERMINAL_PROMPT="0")
    env.update(extra or {})
    return env


def run_git(
    repo: Path,
    *args: str,
    timeout_s: float = TIMEOUT_S,
    input_text: str | None = None,
    check: bool = True,
    env: Mapping[str, str] | None = None,
) -> GitResult:
    """Run ``git args`` in ``repo`` and wait for it.

    Args:
        input_text: what git reads on stdin (nothing when None).
        check: raise when git exits with a failure; with False the caller reads ``returncode``.
        env: variables set on top of :func:`git_env` (a commit's identity, a config file).

    Raises:
        ConfigError: git cannot be started (not installed, not on PATH).
        IngestError: the command ran past ``timeout_s``, or failed while ``check`` is True.
    """
    try:
        done = subprocess.run(
            _argv(repo, args),
            input=input_text,
            stdin=subprocess.DEVNULL if input_text is None else None,
            capture_output=True,
            encoding="utf-8",
            errors="replace",
            env=git_env(env),
            timeout=timeout_s,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise _timed_out(repo, args, timeout_s) from exc
    except OSError as exc:
        raise _cannot_start(repo, exc) from exc
    result = GitResult(repo, tuple(args), done.returncode, done.stdout, done.stderr)
    if check and not result.ok:
        raise IngestError(result.failure(), path=repo)
    return result


def git_output(repo: Path, *args: str, timeout_s: float = TIMEOUT_S) -> str | None:
    """What ``git args`` printed in ``repo``, or None when it could not say: no repository,
    no git, a failure or a timeout (for callers to whom that only means "unknown")."""
    try:
        result = run_git(repo, *args, timeout_s=timeout_s, check=False)
    except HippographError:
        return None
    return result.stdout if result.ok else None


def trunk(repo: Path, timeout_s: float = TIMEOUT_S) -> str | None:
    """The repository's main branch, from one git call: where origin/HEAD points, else a local
    ``main``, else a local ``master``; None outside a repository or when it has neither."""
    out = git_output(
        repo,
        "for-each-ref",
        "--format=%(refname) %(symref)",
        "refs/remotes/origin/HEAD",
        "refs/heads/main",
        "refs/heads/master",
        timeout_s=timeout_s,
    )
    refs = dict(line.partition(" ")[::2] for line in (out or "").splitlines())
    origin = refs.get("refs/remotes/origin/HEAD", "")
    if origin.startswith("refs/remotes/origin/"):
        return origin.removeprefix("refs/remotes/origin/")
    for name in ("main", "master"):
        if f"refs/heads/{name}" in refs:
            return name
    return None


def stream_git(
    repo: Path,
    *args: str,
    consume: Callable[[IO[bytes]], _T],
    timeout_s: float,
) -> tuple[_T, GitResult]:
    """Run a long git command and hand its stdout to ``consume`` as it arrives.

    Returns what ``consume`` returned and the finished command (its ``stdout`` empty, its
    ``stderr`` as text); the caller decides what a failure means. Raises as :func:`run_git`
    does when git cannot be started or runs past ``timeout_s``.
    """
    import tempfile  # here: the prompt hook imports this module and never streams

    with tempfile.TemporaryFile() as errors:  # a file, so a chatty stderr can never block git
        try:
            process = subprocess.Popen(
                _argv(repo, args),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=errors,
                env=git_env(),
            )
        except OSError as exc:
            raise _cannot_start(repo, exc) from exc
        expired = threading.Event()

        def expire() -> None:
            expired.set()
            process.kill()

        timer = threading.Timer(timeout_s, expire)
        timer.daemon = True
        timer.start()
        try:
            with process:
                assert process.stdout is not None
                value = consume(process.stdout)
        except Exception as exc:
            if expired.is_set():  # the stream was cut off: say so, not what the cut did
                raise _timed_out(repo, args, timeout_s) from exc
            raise
        finally:
            timer.cancel()
        if expired.is_set():
            raise _timed_out(repo, args, timeout_s)
        errors.seek(0)
        message = errors.read().decode("utf-8", errors="replace")
    return value, GitResult(repo, tuple(args), process.returncode, "", message)


def _argv(repo: Path, args: Sequence[str]) -> list[str]:
    return ["git", "--no-pager", "-C", str(repo), *args]


def _subcommand(args: Sequence[str]) -> str:
    """The git command among ``args``, past options such as ``-c key=value``."""
    rest = iter(args)
    for arg in rest:
        if arg in ("-c", "-C"):
            next(rest, None)
        elif not arg.startswith("-"):
            return arg
    return "command"


def _timed_out(repo: Path, args: Sequence[str], timeout_s: float) -> IngestError:
    return IngestError(
        f"git {_subcommand(args)} did not finish within {timeout_s:g} s; try again when the "
        "repository is not busy (another git process may hold its lock)",
        path=repo,
    )


def _cannot_start(repo: Path, exc: OSError) -> ConfigError:
    return ConfigError(
        f"cannot run git for {repo}: {exc.strerror or exc}; install git or put it on PATH"
    )
