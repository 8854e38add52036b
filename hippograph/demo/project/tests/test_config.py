"""The configuration loader refuses YAML that would run code."""

import pytest
import yaml

from shop.config import load_config


def test_rejects_python_tags(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text("run: !!python/object/apply:os.system ['echo pwned']\n")
    with pytest.raises(yaml.YAMLError):
        load_config(str(path))
