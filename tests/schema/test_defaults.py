"""The defaults every setting starts from, and the one reading of HIPPOGRAPH_DEBUG."""

from __future__ import annotations

import pytest

from hippograph.config import Settings
from hippograph.schema import defaults, tuning


@pytest.mark.parametrize("value", ["1", "true", "TRUE", "yes", "On", " on "])
def test_debug_on(value: str) -> None:
    assert defaults.is_debug({"HIPPOGRAPH_DEBUG": value})


@pytest.mark.parametrize("value", ["0", "false", "False", "no", "off", "", " ", "2", "debug"])
def test_debug_off(value: str) -> None:
    assert not defaults.is_debug({"HIPPOGRAPH_DEBUG": value})


def test_debug_unset_is_off() -> None:
    assert not defaults.is_debug({})


def test_settings_start_from_these_defaults() -> None:
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert (s.neo4j_user, s.neo4j_database, s.instance, s.scope, s.actor) == (
        defaults.NEO4J_USER,
        defaults.NEO4J_DATABASE,
        defaults.INSTANCE,
        defaults.SCOPE,
        defaults.ACTOR,
    )
    assert s.main_branch is None  # unset: the repository's own trunk, else MAIN_BRANCH
    assert (s.neo4j_bolt_port, s.neo4j_http_port) == (
        defaults.NEO4J_BOLT_PORT,
        defaults.NEO4J_HTTP_PORT,
    )
    assert (s.data_dir, s.config_dir, s.cache_dir) == (
        defaults.data_dir(),
        defaults.config_dir(),
        defaults.cache_dir(),
    )
    assert s.bolt_uri == f"bolt://{defaults.NEO4J_HOST}:{defaults.NEO4J_BOLT_PORT}"
    assert s.password_file == defaults.config_dir() / "neo4j-default.password"
    assert s.retrieval_weights == tuning.DEFAULT_WEIGHTS
    assert s.retrieval_weights is not tuning.DEFAULT_WEIGHTS  # a copy each: never shared
