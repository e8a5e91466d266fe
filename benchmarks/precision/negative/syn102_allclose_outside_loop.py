# expect: none
# targets: SYN102
# why: torch.allclose returns a Python bool; one check outside a loop is one sync, not a tensor test
import torch


def check_close(out: torch.Tensor, ref: torch.Tensor) -> None:
    if torch.allclose(out, ref, atol=1e-5):
        print("ok")
    elif torch.equal(out.isnan(), ref.isnan()):
        print("same NaN pattern")
