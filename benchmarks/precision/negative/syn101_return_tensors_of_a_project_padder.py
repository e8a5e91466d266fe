# expect: none
# targets: SYN101
# why: transformers' XCodec2 feature extractor: `self.padder.pad(..., return_tensors="pt")` is a method of the project's own feature extractor, and its output is still made on the CPU; the padding mask's sums are host reads of a CPU tensor (read on the transformers corpus, issue 22)
import torch


class SequenceFeatureExtractor:
    def pad(self, features: dict, padding: bool = True, return_tensors: str | None = None):
        padded = {k: torch.nn.utils.rnn.pad_sequence(v, batch_first=True) for k, v in features.items()}
        padded["attention_mask"] = torch.ones_like(padded["audio"])
        return padded


class XCodec2FeatureExtractor:
    def __init__(self) -> None:
        self.padder = SequenceFeatureExtractor()

    def __call__(self, audio: list[torch.Tensor], batch_size: int) -> list[int]:
        padded_inputs = self.padder.pad({"audio": audio}, return_tensors="pt")
        padding_mask = padded_inputs.pop("attention_mask")
        lengths = []
        for i in range(batch_size):
            lengths.append(int(padding_mask[i].sum().item()))
        return lengths
