"""SARIF 2.1.0, as GitHub code scanning accepts it: rules with help, results with regions."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import PurePath
from typing import Any

from synclint import __version__
from synclint.diagnostics import Diagnostic
from synclint.docs import rule_page, rule_url, section
from synclint.rule_info import IO_ERROR, SYNTAX_ERROR, info, known_codes

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
#: Findings about the file rather than its code: a syntax error, an unreadable file.
_ERRORS = frozenset({SYNTAX_ERROR, IO_ERROR})


def _rule_descriptor(code: str) -> dict[str, Any]:
    if code == SYNTAX_ERROR:
        name, summary, page = "syntax-error", "The file does not parse", None
    else:
        rule = info(code)
        name, summary = (rule.name, rule.summary) if rule is not None else (code, code)
        page = rule_page(code)
    what = section(page, "What it does") if page else summary
    descriptor: dict[str, Any] = {
        "id": code,
        "name": name,
        "shortDescription": {"text": summary},
        "fullDescription": {"text": what or summary},
        "help": {"text": what or summary, "markdown": page or summary},
        "defaultConfiguration": {"level": "error" if code in _ERRORS else "warning"},
        "properties": {"tags": ["performance", "pytorch"]},
    }
    if code != SYNTAX_ERROR:
        descriptor["helpUri"] = rule_url(code)
    return descriptor


def _uri(filename: str) -> str:
    return PurePath(filename).as_posix()


def _fix(d: Diagnostic) -> dict[str, Any]:
    """A SARIF fix: every fix, safe or unsafe (its applicability is in the properties)."""
    assert d.fix is not None
    return {
        "description": {"text": d.fix.message},
        "artifactChanges": [{
            "artifactLocation": {"uri": _uri(d.filename)},
            "replacements": [
                {
                    "deletedRegion": {
                        "startLine": edit.location.row,
                        "startColumn": edit.location.column,
                        "endLine": edit.end_location.row,
                        "endColumn": edit.end_location.column,
                    },
                    "insertedContent": {"text": edit.content},
                }
                for edit in d.fix.edits
            ],
        }],
    }


def render_sarif(diagnostics: Sequence[Diagnostic]) -> str:
    codes = sorted(known_codes() | {d.code for d in diagnostics})
    index = {code: i for i, code in enumerate(codes)}
    results = []
    for d in diagnostics:
        result: dict[str, Any] = {
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": "error" if d.code in _ERRORS else "warning",
            "message": {"text": d.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(d.filename)},
                        "region": {
                            "startLine": d.location.row,
                            "startColumn": d.location.column,
                            "endLine": d.end_location.row,
                            "endColumn": d.end_location.column,
                        },
                    }
                }
            ],
        }
        if d.related:
            result["relatedLocations"] = [
                {
                    "id": number,
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(r.filename)},
                        "region": {"startLine": r.location.row,
                                   "startColumn": r.location.column},
                    },
                    "message": {"text": r.message},
                    **({"properties": {"cell": r.cell}} if r.cell is not None else {}),
                }
                for number, r in enumerate(d.related)
            ]
        if d.fix is not None:
            result["fixes"] = [_fix(d)]
        properties: dict[str, Any] = {}
        if d.fix is not None:
            properties["fixApplicability"] = d.fix.applicability.value
        if d.help:
            properties["help"] = d.help
        if d.runtime_syncs is not None:
            properties["runtimeSyncs"] = d.runtime_syncs
        if d.runtime_graph_breaks is not None:
            properties["runtimeGraphBreaks"] = d.runtime_graph_breaks
        if d.graph_break is not None:  # in compiled code: does it break the graph?
            properties["graphBreak"] = d.graph_break
            if d.graph_break_flag:
                properties["graphBreakFlag"] = d.graph_break_flag
        if d.cell is not None:  # a notebook: the region's rows are within this cell
            properties["cell"] = d.cell
        if properties:
            result["properties"] = properties
        results.append(result)
    document = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "synclint",
                        "version": __version__,
                        "informationUri": "https://github.com/synclint/synclint",
                        "rules": [_rule_descriptor(code) for code in codes],
                    }
                },
                "results": results,
            }
        ],
    }
    return json.dumps(document, indent=2) + "\n"
