# expect: none
# targets: SYN101, SYN102, SYN110
# why: fresh17 F1: espnet's RNN-T loss kernels are numba CUDA kernels (`@cuda.jit`, `numba.njit`) whose parameters are annotated `torch.Tensor`: their bodies run compiled, on the device (or in numba's nopython mode), and read nothing on the host; nor does a launch `kernel[grid, block](...)` in a loop
import numba
import torch
from numba import cuda, njit


@cuda.jit()
def compute_alphas_kernel(acts: torch.Tensor, alphas: torch.Tensor, xlen: torch.Tensor,
                          ylen: torch.Tensor, max_u: int):
    b = cuda.blockIdx.x
    u = cuda.threadIdx.x
    t_len = xlen[b]
    u_len = ylen[b] + 1
    for n in range(1, t_len + u_len - 1):
        t = n - u
        if u == 0:
            if t > 0 and t < t_len:
                alphas[t * max_u] = alphas[(t - 1) * max_u] + acts[t]
        cuda.syncthreads()


@numba.jit(nopython=True)
def host_scores(scores: torch.Tensor, lengths: torch.Tensor) -> float:
    total = 0.0
    for i in range(lengths.shape[0]):
        if scores[i] > 0:
            total += float(scores[i])
    return total


@njit
def count(mask: torch.Tensor) -> int:
    return int(mask.sum())


def launch(acts: torch.Tensor, alphas: torch.Tensor, xlen: torch.Tensor, ylen: torch.Tensor):
    acts, alphas = acts.cuda(), alphas.cuda()
    for _ in range(4):
        compute_alphas_kernel[8, 32](acts, alphas, xlen, ylen, 16)
