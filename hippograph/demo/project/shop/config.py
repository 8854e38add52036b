"""Service configuration from YAML files."""

import yaml


def load_config(path: str) -> dict:
    """Read the service configuration."""
    with open(path) as handle:
        return yaml.safe_load(handle)


def merge(base: dict, override: dict) -> dict:
    """Override wins, key by key."""
    return {**base, **override}
