# expect: none
# targets: SYN101
# why: .cpu() of a record of unknown kind (an InstanceData, a module) with no .numpy() after it is no evidence of a tensor, in a file with no import of the framework
from typing import Sequence


class Collector:
    def process(self, data_batch: dict, data_samples: Sequence[dict]) -> None:
        for data_sample in data_samples:
            pred = data_sample["pred_instances"]
            self.results.append(pred.cpu())
