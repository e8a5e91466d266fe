"""pyro: `SVI.step` runs the ELBO's `loss_and_grads` once per step (`loss` to evaluate it,
`differentiable_loss` where the user steps the optimizer), which traces the model and the
guide: every `pyro.sample` in them draws from a distribution (`sample`/`rsample`) and
scores the draw (`log_prob`), so a distribution's methods run on every step too
(`infer/svi.py`, `infer/trace_elbo.py`, `poutine/trace_struct.py`). MCMC runs its
kernel's `sample` once per MCMC step (`infer/mcmc/api.py`, `_gen_samples`), and each
step of HMC/NUTS evaluates the potential (the model's `log_prob`s) along its trajectory.
torch's own distributions (`torch.distributions.Distribution`) are in the torch table."""

from __future__ import annotations

from synclint.analysis.kinds import HOST, TENSOR, Mapping
from synclint.knowledge.schema import Class, Library, Role
from synclint.knowledge.torch import DISTRIBUTION_BASE, DISTRIBUTION_ROLES

ELBO = "pyro.ELBO"
DISTRIBUTION = "pyro.Distribution"
MIXIN = "pyro.TorchDistributionMixin"
TORCH_DISTRIBUTION = "pyro.TorchDistribution"
KERNEL = "pyro.MCMCKernel"

#: The ELBOs the package exports, all deriving from `ELBO`.
_ELBOS = ("Trace_ELBO", "JitTrace_ELBO", "TraceGraph_ELBO", "JitTraceGraph_ELBO",
          "TraceEnum_ELBO", "JitTraceEnum_ELBO", "TraceMeanField_ELBO",
          "JitTraceMeanField_ELBO", "TraceTailAdaptive_ELBO", "RenyiELBO", "TraceTMC_ELBO",
          "Trace_MMD", "ReweightedWakeSleep", "TraceEnumSample_ELBO")
#: What an ELBO runs on every SVI step.
_ELBO_STEPS = ("loss", "loss_and_grads", "differentiable_loss")
#: The kernels the package exports (NUTS derives from HMC).
_KERNELS = ("HMC", "RandomWalkKernel")

LIBRARY = Library(
    name="pyro",
    roots=("pyro",),
    classes=(
        Class(ELBO),
        *(Class(f"pyro.{name}", bases=(ELBO,)) for name in _ELBOS),
        Class(DISTRIBUTION),
        Class(MIXIN, bases=(DISTRIBUTION,)),
        Class(TORCH_DISTRIBUTION, bases=(DISTRIBUTION_BASE, MIXIN)),
        Class(KERNEL),
        *(Class(f"pyro.{name}", bases=(KERNEL,)) for name in _KERNELS),
        Class("pyro.NUTS", bases=("pyro.HMC",)),
    ),
    # pyro's own package derives its ELBOs, distributions and kernels from its project
    # classes of these names (`class Trace_ELBO(ELBO)`); `Distribution` is too common a
    # name to be pyro's by itself.
    bare_names=frozenset({"ELBO", "TorchDistributionMixin", "TorchDistribution",
                          "MCMCKernel"}),
    # Every class `pyro.distributions` exports is a distribution (`dist.Normal`,
    # `dist.Delta`), but for its transforms and constraints.
    class_patterns=(("pyro.distributions.*", TORCH_DISTRIBUTION),),
    not_patterns=tuple(f"pyro.distributions.{module}.*" for module in (
        "transforms", "constraints", "constraint_registry", "kl", "util", "testing")),
    roles=(
        *(Role(ELBO, name, f"`{name}` runs on every SVI step") for name in _ELBO_STEPS),
        *(Role(DISTRIBUTION, role.method, role.reason, role.params)
          for role in DISTRIBUTION_ROLES),
        Role(KERNEL, "sample", "an MCMC kernel's `sample` runs on every MCMC step",
             (Mapping(HOST, TENSOR),)),
    ),
)
