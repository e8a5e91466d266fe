from typing import Dict, List, Optional, Tuple, Union

import numpy as np
from torch import Tensor

NodeType = str
EdgeType = Tuple[str, str, str]
Size = Optional[Tuple[int, int]]
FeatureArray = Union[Tensor, np.ndarray]
NodeCounts = Dict[NodeType, int]


class SparseTensor:
    """A stand-in for torch_sparse's class when it is not installed."""

    def nnz(self) -> int:
        return 0


Adj = Union[Tensor, SparseTensor]
