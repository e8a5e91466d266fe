# expect: SYN101=2
# why: the helpers read on the host under a test of their own parameters, a keyword-only one (`with_max`) and one passed by keyword (`exact`); the loop passes settings (`self.track_max`, `self.exact`), so both calls sync on every batch
import torch

from stats import spread, summarize


class Evaluator:
    def __init__(self, model: torch.nn.Module, track_max: bool = False,
                 exact: bool = False) -> None:
        self.model = model
        self.track_max = track_max
        self.exact = exact

    def run(self, loader) -> list:
        results = []
        for batch in loader:
            losses = [self.model(x.cuda()).mean() for x in batch]
            results.append(summarize(losses, with_max=self.track_max))
            results.append(spread(losses, exact=self.exact))
        return results
