"""Which project a folder belongs to: a repository, named by its normalised remote URL.

The same repository cloned twice is one project (its ``origin`` URL, normalised: no scheme,
user, password or ``.git``, host in lowercase, ``host:owner/name`` as ``host/owner/name``);
a repository without a remote is named by its root path (``path:/home/me/shop``); a folder
outside any repository belongs to no project. Memory of a project is written with the
project's id as its scope; the workspace (``workspace``) holds what every project shares.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from hippograph.repo.git import git_output

WORKSPACE = "workspace"
_SCP = re.compile(r"^(?:[^@/]+@)?(?P<host>[^:/]+):(?P<path>[^/].*)$")  # git@host:owner/name.git


@dataclass(frozen=True)
class Project:
    """A repository as memory knows it: its id (the scope of its memory), a short name, its root."""

    id: str
    name: str
    root: Path


def normalise_remote(url: str) -> str:
    """``https://user:pw@GitHub.com/Acme/Shop.git`` and ``git@github.com:Acme/Shop`` alike:
    ``github.com/Acme/Shop``."""
    value = url.strip()
    scp = _SCP.match(value) if "://" not in value else None
    if scp:
        host, path = scp.group("host"), scp.group("path")
    else:
        rest = value.split("://", 1)[-1]
        authority, _, path = rest.partition("/")
        host = authority.rsplit("@", 1)[-1].split(":", 1)[0]
    path = path.strip("/")
    path = path[:-4] if path.endswith(".git") else path
    return f"{host.lower()}/{path}" if path else host.lower()


def project_of(folder: Path) -> Project | None:
    """The project ``folder`` lies in, or None outside any repository."""
    top = (git_output(folder, "rev-parse", "--show-toplevel", timeout_s=5) or "").strip()
    return project_at(Path(top)) if top else None


def project_at(root: Path) -> Project:
    """The project whose repository root is ``root`` (already known: one git call less)."""
    root = root.resolve()
    remote = (git_output(root, "config", "--get", "remote.origin.url", timeout_s=5) or "").strip()
    if remote:
        ident = normalise_remote(remote)
        return Project(id=ident, name=ident.rsplit("/", 1)[-1], root=root)
    return Project(id=f"path:{root}", name=root.name, root=root)
