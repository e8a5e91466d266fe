from catalyst.metrics._classification import BinaryStatisticsMetric
from catalyst.metrics._metric import ICallbackBatchMetric, IMetric

__all__ = ["BinaryStatisticsMetric", "ICallbackBatchMetric", "IMetric"]
