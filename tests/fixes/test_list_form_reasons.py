"""The reason a `.tolist()` form read before the loop is unsafe names what is true of it:
the tensor may be memory other code holds and the loop calls that code (diffusers' LTX and
SANA-WM sampling loops), not a write to the state of a condition the loop still evaluates
where it stands (`self._current_timestep = t` next to `if self.interrupt: break`)."""

from __future__ import annotations

from pathlib import Path

from synclint.engine import lint_source

SHAPE = Path(__file__).parent / "shapes" / "batched" / "scheduler_sigmas_read_ahead.py"


def test_the_reason_is_the_shared_memory_not_the_condition_state() -> None:
    output = lint_source(SHAPE.read_text(encoding="utf-8"), SHAPE.name, ["SYN101"])
    (finding,) = [d for d in output.diagnostics if d.code == "SYN101"]
    assert finding.fix is not None and finding.fix.applicability.value == "unsafe"
    assert "`sigmas_current` may be memory other code holds" in finding.help, finding.help
    assert "_current_timestep" not in finding.help


def test_a_copy_made_here_is_safe_next_to_the_same_calls() -> None:
    text = SHAPE.read_text(encoding="utf-8").replace(
        "self.scheduler.sigmas.to(device=latents.device)",
        "self.scheduler.sigmas.to(device=latents.device).clone()")
    output = lint_source(text, SHAPE.name, ["SYN101"])
    (finding,) = [d for d in output.diagnostics if d.code == "SYN101"]
    assert finding.fix is not None
    # Of unknown rank the list is unsafe for that reason alone.
    assert "memory other code holds" not in finding.help, finding.help
