# expect: none
# targets: SYN101, SYN102
# why: tokenizer outputs are CPU tensors; shapes and lengths of model outputs are host values
import torch
from transformers import AutoTokenizer, PreTrainedModel


def encode_all(model: PreTrainedModel, texts: list[str]) -> list[int]:
    tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")
    lengths = []
    for text in texts:
        enc = tokenizer(text, return_tensors="pt")
        lengths.append(int(enc.attention_mask.sum()))
        outputs = model(**enc, output_hidden_states=True)
        if len(outputs.hidden_states) > 12 and outputs.logits.shape[-1] > 2:
            outputs.loss.backward()
    return lengths
