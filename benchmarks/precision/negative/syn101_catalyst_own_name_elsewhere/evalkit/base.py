from abc import ABC, abstractmethod


class ICallbackBatchMetric(ABC):
    @abstractmethod
    def update(self, *args, **kwargs):
        pass
