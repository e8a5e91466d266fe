"""The review tool's matcher (benchmarks/reviews/issue22_tables.py `reported`): a hunted
sync counts as reported through a call when a finding names its function as the callee,
in every form a whole-program message takes (with or without the class, "reads",
"tests", "makes" or "syncs")."""

from __future__ import annotations

import sys
from pathlib import Path

from synclint.engine import lint_sources
from synclint.rule_info import known_codes
from tests.linter.test_message_length import LONG_HELPER, TRAINER

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks" / "reviews"))

import issue22_tables  # noqa: E402


def test_every_message_that_names_a_callee_is_matched_by_its_function() -> None:
    source = TRAINER.format(long=LONG_HELPER)
    found = lint_sources({"cpo.py": source}, known_codes())["cpo.py"].diagnostics
    through = [d for d in found if "self." in source.splitlines()[d.location.row - 1]]
    assert len(through) == 3, [d.message for d in found]
    for finding in through:
        function = "get_batch_loss_metrics" if "get_batch" in finding.message else LONG_HELPER
        assert issue22_tables.names_callee(finding.message, function), finding.message
        other = LONG_HELPER if function == "get_batch_loss_metrics" else "get_batch_loss_metrics"
        assert not issue22_tables.names_callee(finding.message, other), finding.message


def test_reported_through_a_call_in_each_form() -> None:
    site, path = "pk/t.py:30", "pk/t.py"
    for message in ("`f()` syncs with the GPU in per-step code, under a setting",
                    "`T.f()` reads a tensor on the host (t.py:30), once per iteration",
                    "`pk.t.f()` tests a tensor as a Python bool, in per-step code"):
        found: list[dict[str, object]] = [
            {"filename": path, "location": {"row": 9}, "message": message}]
        assert issue22_tables.reported(site, "f", found) == "through", message
    for message in ("`.item()` syncs with the GPU in per-step code (`f`)",  # not the callee
                    "`g_f()` reads a tensor on the host",                   # another name
                    "`T.f()` is called here"):                              # no verb
        found = [{"filename": path, "location": {"row": 9}, "message": message}]
        assert issue22_tables.reported(site, "f", found) == "", message
