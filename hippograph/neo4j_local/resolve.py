"""Resolves Neo4j Community and Neo4j Browser jars from Maven Central into a cache.

The first start needs Maven and the network; every later start reuses the
cache folder and touches no network. Starts that resolve at the same time (two
instances on a fresh machine) take turns: the first resolves, the others wait
for it and reuse its folder.
"""

from __future__ import annotations

import logging
import re
import shutil
import subprocess
from pathlib import Path

from hippograph.config import Settings
from hippograph.errors import ConfigError
from hippograph.locks import held

log = logging.getLogger(__name__)

_POM = """<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>hippograph.local</groupId>
  <artifactId>neo4j-server</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.neo4j</groupId><artifactId>neo4j</artifactId><version>{neo4j}</version></dependency>
    <dependency><groupId>org.neo4j.client</groupId><artifactId>neo4j-browser</artifactId><version>{browser}</version></dependency>
  </dependencies>
</project>
"""
_SAFE_VERSION = re.compile(r"^[0-9][0-9A-Za-z.\-]{0,40}$")


def server_root(settings: Settings) -> Path:
    """Cache folder for one Neo4j + Browser version pair."""
    return settings.cache_dir / f"neo4j-{settings.neo4j_version}-browser-{settings.browser_version}"


def java_binary(settings: Settings) -> str:
    """Path of a Java 17+ runtime, or a ConfigError that says what to install."""
    if settings.java_home is not None:
        candidate = settings.java_home / "bin" / "java"
        if not candidate.exists():
            raise ConfigError(
                f"HIPPOGRAPH_JAVA_HOME={settings.java_home} has no bin/java; "
                "point it at a JDK 17 or 21."
            )
        java = str(candidate)
    else:
        found = shutil.which("java")
        if found is None:
            raise ConfigError(
                "the managed Neo4j server needs Java 17 or 21 and no `java` is on PATH; "
                "install one (apt-get install openjdk-17-jre-headless) or set "
                "HIPPOGRAPH_NEO4J_URI to a running server."
            )
        java = found
    out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=30)
    match = re.search(r'version "(\d+)', out.stderr + out.stdout)
    major = int(match.group(1)) if match else 0
    if major < 17:
        raise ConfigError(
            f"{java} is Java {major or 'of unknown version'}; Neo4j 5.26 needs Java 17 or 21."
        )
    return java


def ensure_jars(settings: Settings) -> Path:
    """The ``lib/`` folder of the server, resolved with Maven on first use."""
    for value, name in (
        (settings.neo4j_version, "NEO4J_VERSION"),
        (settings.browser_version, "BROWSER_VERSION"),
    ):
        if not _SAFE_VERSION.match(value):
            raise ConfigError(
                f"HIPPOGRAPH_{name}={value!r} is not a version number such as 5.26.30."
            )
    root = server_root(settings)
    lib = root / "lib"
    marker = root / ".complete"
    if marker.exists() and lib.is_dir():
        return lib
    with held(root):  # a second start would delete the first one's lib.partial under it
        if marker.exists() and lib.is_dir():
            return lib  # resolved by the start we waited for
        return _resolve(settings, root)


def _resolve(settings: Settings, root: Path) -> Path:
    """Run Maven into ``lib.partial`` and move it to ``lib`` once complete (lock held)."""
    lib = root / "lib"
    mvn = shutil.which("mvn")
    if mvn is None:
        raise ConfigError(
            "fetching Neo4j for the managed server needs Maven (`mvn`), which is not on PATH; "
            "install it (apt-get install maven) or set HIPPOGRAPH_NEO4J_URI to a running server."
        )
    partial = root / "lib.partial"
    shutil.rmtree(partial, ignore_errors=True)
    pom = root / "pom.xml"
    pom.write_text(
        _POM.format(neo4j=settings.neo4j_version, browser=settings.browser_version),
        encoding="utf-8",
    )
    log.info(
        "resolving Neo4j %s and Browser %s with Maven into %s",
        settings.neo4j_version,
        settings.browser_version,
        root,
    )
    cmd = [
        mvn,
        "-q",
        "-B",
        "-f",
        str(pom),
        "dependency:copy-dependencies",
        f"-DoutputDirectory={partial}",
        "-DincludeScope=runtime",
    ]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    except subprocess.TimeoutExpired as exc:
        raise ConfigError(
            "Maven did not finish resolving Neo4j within 30 minutes; check access to Maven Central."
        ) from exc
    if done.returncode != 0:
        tail = " ".join((done.stdout + done.stderr).strip().splitlines()[-3:])[:400]
        raise ConfigError(
            f"Maven could not resolve org.neo4j:neo4j:{settings.neo4j_version} and "
            f"org.neo4j.client:neo4j-browser:{settings.browser_version} from Maven Central "
            f"({tail}); check network access to Maven Central or the versions in "
            "HIPPOGRAPH_NEO4J_VERSION / HIPPOGRAPH_BROWSER_VERSION."
        )
    shutil.rmtree(lib, ignore_errors=True)
    partial.rename(lib)
    (root / ".complete").write_text(
        f"{settings.neo4j_version} {settings.browser_version}\n", encoding="utf-8"
    )
    return lib
