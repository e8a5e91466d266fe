from typing import List, Optional, Tuple, Union

from torch import Tensor
from typing_extensions import TypeAlias

OptTensor = Optional[Tensor]
PairTensor = Tuple[Tensor, Tensor]
TensorList: TypeAlias = List[Tensor]
MaybePair = Union[Tensor, PairTensor]
