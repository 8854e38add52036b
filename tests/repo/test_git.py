"""The one git helper, against real repositories made in tmp_path."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hippograph.code.walk import repo_root
from hippograph.errors import ConfigError, IngestError
from hippograph.hooks import lite
from hippograph.repo.git import git_env, git_output, run_git, stream_git
from hippograph.units.branches import current_branch, repository_name

IDENTITY = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@x",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@x",
    "PATH": "/usr/bin:/bin",
}
SLOW = ("-c", "alias.slow=!sleep 1", "slow")  # git runs the alias and waits for it


def make_repo(path: Path, branch: str) -> Path:
    path.mkdir(parents=True)
    for args in (
        ["init", "-q", "-b", branch],
        ["commit", "-q", "--allow-empty", "-m", f"start {branch}"],
    ):
        subprocess.run(["git", *args], cwd=path, check=True, capture_output=True, env=IDENTITY)
    return path


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "alpha", "alpha")


def test_an_inherited_git_dir_does_not_leak_into_a_call(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = make_repo(tmp_path / "beta", "beta")
    # as inside a git hook of the other repository
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    monkeypatch.setenv("GIT_WORK_TREE", str(other))
    monkeypatch.setenv("GIT_INDEX_FILE", str(other / ".git/index"))
    monkeypatch.setenv("GIT_CONFIG_PARAMETERS", "'core.bare'='true'")
    top = run_git(repo, "rev-parse", "--show-toplevel").stdout.strip()
    assert Path(top) == repo.resolve()
    assert current_branch(repo) == "alpha"
    assert repository_name(repo) == "alpha"
    assert repo_root(repo) == repo.resolve()
    assert lite.git_context(str(repo)) == (["main", "alpha"], "alpha")


def test_the_environment_keeps_who_and_drops_where(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIT_DIR", "/elsewhere/.git")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", "/elsewhere/gitconfig")
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Ana Lima")
    monkeypatch.setenv("LC_ALL", "pt_BR.UTF-8")
    env = git_env({"GIT_CONFIG_GLOBAL": "/dev/null"})
    assert "GIT_DIR" not in env
    assert env["GIT_CONFIG_GLOBAL"] == "/dev/null"  # what the caller sets itself stays
    assert env["GIT_AUTHOR_NAME"] == "Ana Lima"
    assert env["LC_ALL"] == "C"
    assert env["GIT_TERMINAL_PROMPT"] == "0"


def test_a_command_that_runs_too_long_gives_one_clear_error(repo: Path) -> None:
    with pytest.raises(IngestError) as info:
        run_git(repo, *SLOW, timeout_s=0.2)
    assert str(info.value) == (
        f"{repo}: git slow did not finish within 0.2 s; try again when the repository is not "
        "busy (another git process may hold its lock)"
    )
    assert info.value.path == str(repo)
    assert git_output(repo, *SLOW, timeout_s=0.2) is None  # to this caller: unknown


def test_a_stream_that_runs_too_long_gives_the_same_error(repo: Path) -> None:
    with pytest.raises(IngestError, match=r"git slow did not finish within 0\.2 s"):
        stream_git(repo, *SLOW, consume=lambda out: out.read(), timeout_s=0.2)


def test_a_stream_hands_over_the_output_and_the_outcome(repo: Path) -> None:
    lines, done = stream_git(
        repo, "log", "--format=%s", consume=lambda out: out.read().splitlines(), timeout_s=10
    )
    assert lines == [b"start alpha"] and done.ok and done.stderr == ""
    _, failed = stream_git(repo, "log", "nope", "--", consume=lambda out: out.read(), timeout_s=10)
    assert not failed.ok and "bad revision 'nope'" in failed.stderr


def test_a_folder_that_is_no_repository(tmp_path: Path) -> None:
    for folder in (tmp_path, tmp_path / "missing"):
        assert git_output(folder, "rev-parse", "HEAD") is None
        with pytest.raises(IngestError) as info:
            run_git(folder, "rev-parse", "HEAD")
        assert (
            str(info.value) == f"{folder}: not a git repository; run it inside one or pass --repo"
        )
        assert not run_git(folder, "rev-parse", "HEAD", check=False).ok
    assert current_branch(tmp_path) is None and repository_name(tmp_path) is None
    assert repo_root(tmp_path) == tmp_path.resolve()
    assert lite.git_context(str(tmp_path / "missing")) == (["main"], None)


def test_a_failed_command_says_what_git_said(repo: Path) -> None:
    with pytest.raises(IngestError) as info:
        run_git(repo, "-c", "core.quotePath=false", "rev-parse", "--verify", "nope")
    assert str(info.value) == (
        f"{repo}: git rev-parse failed: Needed a single revision; check the repository with "
        "git status"
    )


def test_git_that_cannot_be_started(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "no-git-here"))
    with pytest.raises(ConfigError) as info:
        run_git(repo, "status")
    assert str(info.value) == (
        f"cannot run git for {repo}: No such file or directory; install git or put it on PATH"
    )
    assert git_output(repo, "status") is None
    with pytest.raises(ConfigError):
        stream_git(repo, "log", consume=lambda out: out.read(), timeout_s=10)


def test_input_goes_to_stdin_and_nothing_else_does(repo: Path) -> None:
    sha = run_git(repo, "hash-object", "--stdin", input_text="hello\n").stdout.strip()
    assert sha == "ce013625030ba8dba906f756967f9e9ca394464a"
    # without input, stdin is empty rather than the caller's terminal
    assert run_git(repo, "hash-object", "--stdin").stdout.strip() == (
        "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"
    )


def test_the_trunk_is_where_origin_points_else_main_else_master(tmp_path: Path) -> None:
    from hippograph.repo.git import trunk

    master = make_repo(tmp_path / "m", "master")
    assert trunk(master) == "master"
    subprocess.run(["git", "checkout", "-q", "-b", "feature/x"], cwd=master, check=True)
    assert trunk(master) == "master"  # the trunk, not the branch checked out
    both = make_repo(tmp_path / "b", "master")
    subprocess.run(["git", "branch", "main"], cwd=both, check=True)
    assert trunk(both) == "main"
    clone = tmp_path / "c"
    subprocess.run(["git", "clone", "-q", str(make_repo(tmp_path / "up", "develop")), str(clone)])
    subprocess.run(["git", "branch", "-q", "main"], cwd=clone, check=True)
    assert trunk(clone) == "develop"  # origin/HEAD wins over a local main
    assert trunk(tmp_path) is None  # no repository
    # the prompt hook too; memory recorded on "main" before the trunk was known still counts
    assert lite.repo_context(str(master))[0] == ["master", "main", "feature/x"]
