"""The model of the program now lives in `synclint.model`; these names stay importable
from here for code written against the earlier layout."""

from synclint.analysis.index_cache import build_project_for_paths
from synclint.model.index import (
    HOOK_REGISTRARS,
    MIN_IMPORTED_BYTES,
    Evaluated,
    EvaluationMemo,
    StaleIndex,
    _Class,
    _decode,
    _Function,
    _Module,
    _module_file,
    _size,
    display_name,
    module_imports,
    package_root,
    parse_module,
)
from synclint.model.kindops import argument_syncs
from synclint.model.project import (
    MAX_ROUNDS,
    Project,
    build_project,
    no_cyclic_gc,
)
from synclint.model.summaries import (
    EFFECT_WORDS,
    STRENGTHS,
    SYNC_READ,
    SYNC_SHAPE,
    SYNC_TEST,
    TENSOR_VALUES,
    ClassView,
    Effect,
    FileView,
    Hot,
    ParamEffect,
    Site,
    Summary,
)

__all__ = [
    "EFFECT_WORDS", "HOOK_REGISTRARS", "MAX_ROUNDS", "MIN_IMPORTED_BYTES", "STRENGTHS",
    "SYNC_READ", "SYNC_SHAPE", "SYNC_TEST", "TENSOR_VALUES", "ClassView", "Effect",
    "Evaluated", "EvaluationMemo", "FileView", "Hot", "ParamEffect", "Project", "Site",
    "StaleIndex", "Summary", "_Class", "_Function", "_Module", "_decode", "display_name",
    "_module_file", "_size", "argument_syncs", "build_project", "build_project_for_paths",
    "module_imports", "no_cyclic_gc", "package_root", "parse_module",
]
