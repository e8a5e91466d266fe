# expect: none
# targets: SYN110
# why: the frame counts come from `.tolist()` (Python ints) through a helper annotated `-> torch.Tensor`: a size made of host numbers (read on the transformers corpus, issue 22)
import torch


class Transcriber:
    subsampling_factor = 8

    def _token_length(self, audio_lengths: "torch.Tensor") -> "torch.Tensor":
        return (audio_lengths + self.subsampling_factor - 1) // self.subsampling_factor

    def decode(self, mask: torch.Tensor, texts: list[str], upsampling: int) -> list[torch.Tensor]:
        out = []
        for text, frames in zip(texts, mask.sum(-1).tolist(), strict=True):
            num_frames = self._token_length(frames) * upsampling
            out.append(torch.ones(num_frames))
        return out
