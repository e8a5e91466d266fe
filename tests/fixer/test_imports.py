"""`import torch` added by fixes that need it: placement and no duplicates."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from synclint.fixer import fix_source
from synclint.fixes.imports import import_edits, missing_imports

from .fake_rules import FAKE_CODES

# `.grad` lets the engine's prefilter through without the word "torch" in the file.
USE = "y = p.grad.needs()\n"
FIXED = "y = torch.as_tensor(p.grad)\n"


def fixed(text: str) -> str:
    result = fix_source(text, "m.py", FAKE_CODES, unsafe=False)
    assert result.error is None and result.discarded == ()
    return result.text


def test_import_goes_after_the_module_docstring() -> None:
    text = '"""Module doc.\n\nMore.\n"""  # note\n\nimport os\n\n' + USE
    assert fixed(text) == '"""Module doc.\n\nMore.\n"""  # note\nimport torch\n\nimport os\n\n' + FIXED


def test_import_goes_after_future_imports() -> None:
    text = '"""Doc."""\nfrom __future__ import annotations\nfrom __future__ import division\n\n' + USE
    assert fixed(text) == ('"""Doc."""\nfrom __future__ import annotations\n'
                           "from __future__ import division\nimport torch\n\n" + FIXED)


def test_import_goes_at_the_top_below_shebang_and_coding_comments() -> None:
    text = "#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n\nimport os\n" + USE
    assert fixed(text) == ("#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n\n"
                           "import torch\nimport os\n" + FIXED)


def test_import_goes_at_the_very_top_of_a_file_without_header() -> None:
    assert fixed(USE) == "import torch\n" + FIXED


def test_existing_import_torch_is_not_duplicated() -> None:
    text = '"""Doc."""\nimport os\nimport torch\n' + USE
    assert fixed(text) == '"""Doc."""\nimport os\nimport torch\n' + FIXED


def test_import_of_a_torch_submodule_binds_torch() -> None:
    text = "import torch.nn\n" + USE
    assert fixed(text) == "import torch.nn\n" + FIXED


def test_an_aliased_import_is_used_by_its_alias() -> None:
    """No second `import torch` next to `import torch as T`; another function's own
    `import torch` binds nothing here."""
    text = "import torch as T\ndef f():\n    import torch\n" + USE
    assert fixed(text) == ("import torch as T\ndef f():\n    import torch\n"
                           + FIXED.replace("torch.", "T."))


def test_a_function_local_import_binds_torch_only_in_its_function() -> None:
    text = "def f():\n    import torch\n" + USE
    assert fixed(text) == "import torch\ndef f():\n    import torch\n" + FIXED


def test_import_inside_module_level_try_counts() -> None:
    text = "try:\n    import torch\nexcept ImportError:\n    torch = None\n" + USE
    assert fixed(text).endswith(FIXED)
    assert fixed(text).count("import torch") == 1


def test_two_fixes_needing_torch_in_one_round_add_one_import() -> None:
    text = USE + "z = q.grad.needs()\n"
    result = fix_source(text, "m.py", FAKE_CODES, unsafe=False)
    assert result.text == "import torch\n" + FIXED + "z = torch.as_tensor(q.grad)\n"
    assert result.rounds == 1 and dict(result.fixed) == {"SYN905": 2}


def test_docstring_only_file_without_trailing_newline_keeps_having_none() -> None:
    module = cst.parse_module('"""Doc."""')
    positions = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    (edit,) = import_edits(module, positions, ["torch"])
    assert edit.content == "\nimport torch"
    assert (edit.location.row, edit.location.column) == (1, 11)


def test_missing_imports_lists_each_module_once() -> None:
    module = cst.parse_module("import numpy\n")
    assert missing_imports(module, ["torch", "numpy", "torch"]) == ["torch"]
