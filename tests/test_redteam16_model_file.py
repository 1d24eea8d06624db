"""Red team 16: the proxy never runs without the credential model it was told to use, nor with a
model file cut short or damaged."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from elicitguard.policies import classifier
from elicitguard.policies.config import ConfigError, load_config_text
from elicitguard.proxy.cli import main
from elicitguard.proxy.preflight import preflight

SHIPPED = classifier.MODEL.read_text(encoding="utf-8")
SERVER_THRESHOLD = ("servers:\n  a:\n    upstream: http://127.0.0.1:9/mcp\n    policy:\n      form:\n"
                    "        classifier_threshold: 0.5\n")


@pytest.fixture
def model_file(tmp_path: Path, monkeypatch: Any) -> Iterator[Path]:
    """The model file at a path of the test's own, read afresh."""
    path = tmp_path / "credential.tsv"
    monkeypatch.setattr(classifier, "MODEL", path)
    classifier.model.cache_clear()
    classifier.clear_caches()
    yield path
    classifier.model.cache_clear()
    classifier.clear_caches()


def test_a_model_file_cut_short_is_refused_rather_than_scoring_with_the_weights_left() -> None:
    # Cut at 57% the file loaded and allowed "the 48-digit block you printed" that the whole model denies.
    for cut in (len(SHIPPED) * 57 // 100, len(SHIPPED) - 30):
        text = SHIPPED[:cut]
        with pytest.raises(ValueError):
            classifier.parse(text[:text.rindex("\n") + 1])


def test_a_weight_that_is_not_a_finite_number_or_a_threshold_outside_zero_to_one_is_refused() -> None:
    lines = SHIPPED.split("\n")
    weight = next(i for i, line in enumerate(lines) if line.startswith("f\t"))
    threshold = next(i for i, line in enumerate(lines) if line.startswith("threshold\t"))
    for index, value in ((weight, "-inf"), (weight, "nan"), (threshold, "9.4")):
        broken = list(lines)
        kind, key, _old = broken[index].split("\t")
        broken[index] = f"{kind}\t{key}\t{value}"
        with pytest.raises(ValueError):
            classifier.parse("\n".join(broken))
    assert math.isclose(classifier.parse(SHIPPED).threshold, float(lines[threshold].split("\t")[2]))


def test_check_refuses_a_config_whose_model_is_missing_with_the_key_to_switch_it_off(model_file: Path) -> None:
    config = load_config_text("policy:\n  form:\n    classifier: true\n")
    errors = preflight(config).errors
    assert any(e.startswith("policy.form.classifier: cannot load the credential model") for e in errors), errors
    assert preflight(load_config_text("policy:\n  form:\n    classifier: false\n")).errors == []


def test_check_refuses_a_truncated_model_file(model_file: Path) -> None:
    model_file.write_text(SHIPPED[:len(SHIPPED) // 2].rsplit("\n", 1)[0] + "\n", encoding="utf-8")
    errors = preflight(load_config_text("{}")).errors
    assert any("incomplete" in e for e in errors), errors


def test_a_server_threshold_with_the_model_missing_is_a_config_error_not_a_traceback(model_file: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config_text(SERVER_THRESHOLD)
    assert "servers.a.policy.form.classifier_threshold" in caught.value.problems[0]


def test_stdio_does_not_start_without_the_model(model_file: Path, tmp_path: Path) -> None:
    config = tmp_path / "c.yaml"
    config.write_text("policy:\n  form:\n    classifier: true\n", encoding="utf-8")
    with pytest.raises(SystemExit) as caught:
        main(["stdio", "--config", str(config), "--", "true"])
    assert caught.value.code == 2
