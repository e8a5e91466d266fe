# expect: SYN102=1
# why: diffusers' Kolors ChatGLM text encoder: a prefix mask is concatenated to `attention_mask` on one path (a torch op on it proves it a tensor); `not attention_mask.all()` syncs in every forward
import torch
from torch import nn


class ChatGLMModel(nn.Module):
    def forward(self, input_ids, attention_mask=None, full_attention_mask=None):
        batch_size, seq_length = input_ids.shape
        if self.pre_seq_len is not None:
            if attention_mask is not None:
                attention_mask = torch.cat(
                    [attention_mask.new_ones((batch_size, self.pre_seq_len)), attention_mask],
                    dim=-1)
        if full_attention_mask is None:
            if attention_mask is not None and not attention_mask.all():
                full_attention_mask = self.get_masks(input_ids, padding_mask=attention_mask)
        return self.encoder(input_ids, full_attention_mask)
