"""The names rules match at their sites, in a module without LibCST: the rules read them,
and so does the model's gate (`model/candidates.py`), which decides before any LibCST
parse which rules can fire in a file. One list each, so the two cannot disagree."""

from __future__ import annotations

#: Calls that read a size (a count, a length) on the host (SYN110): torch factories
#: (`torch.zeros(n, d)`, `torch.arange(n)`) and tensor methods (`x.new_zeros(n)`,
#: `x.view(n, -1)`), with the positions of their size arguments (None: every positional
#: argument).
SIZE_FUNCTIONS: dict[str, tuple[int, ...] | None] = {
    "zeros": None, "ones": None, "empty": None, "rand": None, "randn": None,
    "arange": None, "full": (0,), "linspace": (2,), "logspace": (2,), "randperm": (0,),
    "eye": None,
}
SIZE_METHODS: dict[str, tuple[int, ...] | None] = {
    "new_zeros": None, "new_ones": None, "new_empty": None, "new_full": (0,),
    "view": None, "reshape": None, "expand": None, "repeat": None, "narrow": (1, 2),
}
#: The last name of every call SYN110 looks at.
HIDDEN_SYNC_NAMES = frozenset({"is_nonzero", "type", "tensor", "as_tensor",
                               "clip_grad_norm_", "clip_grad_norm", "get_scale",
                               "empty_cache", "range", *SIZE_FUNCTIONS, *SIZE_METHODS})
#: Ops whose result's size depends on the data (SYN111), and every name SYN111 looks at.
SIZED_BY_DATA = frozenset({"nonzero", "argwhere", "unique", "unique_consecutive",
                           "masked_select", "bincount"})
DATA_SHAPE_NAMES = SIZED_BY_DATA | {"where", "repeat_interleave", "one_hot"}
#: Builtins that compare their arguments on the host (SYN108).
COMPARING_BUILTINS = frozenset({"max", "min", "sorted"})
#: Builtins whose one argument SYN112 merges into one read.
READ_BUILTINS = frozenset({"float", "int", "bool"})
#: Logging calls (SYN106): Lightning's `self.log`, methods of progress bars and experiment
#: writers that take host numbers, qualified functions that log.
LIGHTNING_LOG_METHODS = frozenset({"log", "log_dict"})
LOGGER_METHODS = frozenset({
    "set_postfix", "set_postfix_str", "set_description", "add_scalar", "add_scalars",
    "log_metrics", "log_metric",
})
LOGGER_FUNCTIONS = frozenset({"wandb.log", "mlflow.log_metric", "mlflow.log_metrics"})
