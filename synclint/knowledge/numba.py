"""numba: the functions its decorators compile (`@cuda.jit`, `@njit`, `@numba.jit(...)`)
run as machine code, on the device for a CUDA kernel: nothing in their bodies is a host
read of a torch tensor, whatever their parameters' annotations say (espnet's RNN-T loss
kernels annotate them `torch.Tensor`: fresh17 F1). The model evaluates such a body as
cold code and the rules do not visit it."""

from __future__ import annotations

#: The decorators (qualified; called or not) whose functions numba compiles.
COMPILERS = frozenset({
    "numba.jit", "numba.njit", "numba.generated_jit", "numba.vectorize",
    "numba.guvectorize", "numba.stencil", "numba.cfunc", "numba.cuda.jit",
    "numba.core.decorators.jit", "numba.core.decorators.njit",
})


def compiles(qualified: str | None) -> bool:
    """Whether a decorator whose qualified name is `qualified` (its call's function,
    for `@numba.jit(nopython=True)`) is one of numba's compilers."""
    return qualified in COMPILERS
