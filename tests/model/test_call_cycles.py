"""A cycle of calls reached through a returned instance (tabpfn: `fit` -> `_calibrate`
-> `_holdout` -> a tuning classifier's `fit`, fresh15's defect): the chains carried round
the cycle are cut where they come back to a call already on them, and the loops that hold
them are listed once, so the cycle's summaries repeat and the fixed point settles in a
few evaluations (it ran to its round limit: 310 evaluations of this file, 62,250 rounds on
tabpfn) with the same finding."""

from __future__ import annotations

import pytest

from synclint.model import evaluation
from synclint.model.project import build_project
from synclint.model.summaries import Site, called_first, looped_in
from tests.model.probe import findings, line_of

SOURCE = '''\
from __future__ import annotations

import torch


class TabPFNClassifier:
    def __init__(self, n_estimators: int = 4) -> None:
        self.n_estimators = n_estimators

    def _get_tuning_classifier(self, **overwrite_kwargs: int) -> TabPFNClassifier:
        params = {"n_estimators": self.n_estimators, **overwrite_kwargs}
        return TabPFNClassifier(**params)

    def fit(self, X: torch.Tensor) -> TabPFNClassifier:
        self._maybe_calibrate(X)
        return self

    def _maybe_calibrate(self, X: torch.Tensor) -> None:
        self._compute_holdout_validation_data(X)

    def _compute_holdout_validation_data(self, X: torch.Tensor) -> list:
        holdout = []
        for _ in range(2):
            calibration_classifier = self._get_tuning_classifier()
            calibration_classifier.fit(X[:10])        # fit reached again, through a returned value
            holdout.append(calibration_classifier.predict_raw_logits(X))
        return holdout

    def predict_raw_logits(self, X: torch.Tensor):
        return X.float().detach().cpu().numpy()
'''


def test_a_cycle_through_a_returned_instance_settles_with_its_finding(
        monkeypatch: pytest.MonkeyPatch) -> None:
    runs: list[str] = []
    run = evaluation.Evaluation.run

    def counted(self: evaluation.Evaluation) -> object:
        runs.append(self.function.key)
        return run(self)

    monkeypatch.setattr(evaluation.Evaluation, "run", counted)
    project = build_project({"m.py": SOURCE}, {"m.py": "m"})
    assert len(runs) < 30
    for key in ("m:TabPFNClassifier.fit", "m:TabPFNClassifier._maybe_calibrate",
                "m:TabPFNClassifier._compute_holdout_validation_data"):
        for effect in project.summaries[key].param_effects:
            chain = effect.effect.chain
            assert len(set(chain)) == len(chain) <= 5, key
            assert len(set(effect.effect.looped)) == len(effect.effect.looped), key
    rows = [(d.code, d.location.row) for d in findings(SOURCE)]
    assert rows == [("SYN101", line_of(SOURCE, "holdout.append"))]


def site(line: int) -> Site:
    return Site("m.py", line, 1, f"calls f{line}()")


def test_called_first_cuts_a_chain_that_comes_back_to_the_call() -> None:
    a, b, c, sync = site(1), site(2), site(3), site(9)
    assert called_first(a, (b, c, sync)) == (a, b, c, sync)
    assert called_first(b, (c, a, b, c, sync)) == (b, c, sync)
    assert called_first(a, (sync,)) == (a, sync)


def test_looped_in_lists_each_function_once() -> None:
    assert looped_in(("m:f",), ("m:f",)) == ("m:f",)
    assert looped_in(("m:f",), ("m:g",)) == ("m:f", "m:g")
    assert looped_in(("m:f",), ()) == ("m:f",)
