# expect: SYN101=3
# why: .cpu() followed by .numpy() is a tensor (NumPy arrays have no .cpu(), records have no .numpy()): three device copies per data sample, with no import of the framework
from typing import Sequence

import numpy as np


class VOCLikeMetric:
    def process(self, data_batch: dict, data_samples: Sequence[dict]) -> None:
        for data_sample in data_samples:
            pred = data_sample["pred_instances"]
            pred_bboxes = pred["bboxes"].cpu().numpy()
            pred_scores = pred["scores"].cpu().numpy()
            pred_labels = pred["labels"].cpu().numpy()
            self.results.append((pred_bboxes, pred_scores, np.asarray(pred_labels)))
