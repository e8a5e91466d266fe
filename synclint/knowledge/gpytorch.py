"""gpytorch: its models, likelihoods, noise models, kernels, means and marginal
log-likelihoods are `nn.Module`s through gpytorch's `Module` (`module.py`, a
`torch.nn.Module` subclass), so a project class whose only module base is one of them runs
its `forward` on every call: a kernel and a mean on every model call, a likelihood and its
noise model on every likelihood call, a marginal log-likelihood once per loss (botorch's
models, likelihoods and noise models derive from these)."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library

MODULE = "gpytorch.Module"
#: gpytorch's module classes (the names it exports them under) and their gpytorch base.
_MODULES = (
    ("GP", MODULE),
    ("ExactGP", "gpytorch.GP"),
    ("ApproximateGP", "gpytorch.GP"),
    ("Likelihood", MODULE),
    ("Noise", MODULE),
    ("Kernel", MODULE),
    ("Mean", MODULE),
    ("MarginalLogLikelihood", MODULE),
)

LIBRARY = Library(
    name="gpytorch",
    roots=("gpytorch",),
    classes=(
        Class(MODULE, module=True),
        *(Class(f"gpytorch.{name}", bases=(base,), module=True) for name, base in _MODULES),
    ),
)
