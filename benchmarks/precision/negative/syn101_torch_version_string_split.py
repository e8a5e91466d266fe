# expect: none
# targets: SYN101
# why: `torch.version.hip` and `torch.version.cuda` are strings: splitting one is `str.split`, not `torch.split`, and `int()` of its pieces reads no tensor (torch's cpp_extension.py, found on the whole torch package after the split-device change)
import torch

ROCM_VERSION = None
if torch.version.hip is not None:
    ROCM_VERSION = tuple(int(v) for v in torch.version.hip.split(".")[:2])
CUDA_MAJOR = [int(part) for part in (torch.version.cuda or "0.0").split(".")]
