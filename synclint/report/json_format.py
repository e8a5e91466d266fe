"""The JSON format of DESIGN.md section 4: an array with one object per finding."""

from __future__ import annotations

import json
from collections.abc import Sequence

from synclint.diagnostics import Diagnostic


def render_json(diagnostics: Sequence[Diagnostic]) -> str:
    return json.dumps([d.to_json() for d in diagnostics], indent=2) + "\n"
