from abc import ABC, abstractmethod
from typing import Any, Dict


class IMetric(ABC):
    def __init__(self, compute_on_call: bool = True):
        self.compute_on_call = compute_on_call

    @abstractmethod
    def update(self, *args, **kwargs) -> Any:
        pass

    @abstractmethod
    def compute(self) -> Any:
        pass


class ICallbackBatchMetric(IMetric):
    @abstractmethod
    def update_key_value(self, *args, **kwargs) -> Dict[str, float]:
        pass
