"""A call that raises unless an argument is a CPU tensor (`pack_padded_sequence`'s
`lengths`) proves that tensor on the CPU once it returns: a false SYN101 of the fresh2
draw (torchmetrics NISQA's `int(n_wins.max())` after packing). Before the call nothing is
proved, and other arguments keep their kinds."""

from __future__ import annotations

from synclint.analysis.kinds import HOST_TENSOR, TENSOR
from tests.model.probe import line_of, probes, syncs

HEAD = ("import torch\nfrom torch import nn\n"
        "from torch.nn.utils.rnn import pack_padded_sequence\n\n\n")


def test_the_lengths_are_on_the_cpu_after_the_call_and_not_before() -> None:
    source = HEAD + ("def f(x: torch.Tensor, n: torch.Tensor, m: torch.Tensor):\n"
                     "    seen(n)\n    p = pack_padded_sequence(x, n, batch_first=True)\n"
                     "    seen(n)\n    seen(x)\n"
                     "    q = nn.utils.rnn.pack_padded_sequence(x, lengths=m)\n    seen(m)\n")
    assert probes(source) == [TENSOR, HOST_TENSOR, TENSOR, HOST_TENSOR]


def test_only_the_lengths_position_and_only_a_name() -> None:
    source = HEAD + ("def f(x: torch.Tensor, n: torch.Tensor, y: torch.Tensor):\n"
                     "    p = pack_padded_sequence(x, n.long())\n    seen(n)\n"
                     "    q = torch.nn.utils.rnn.pad_sequence([x, y])\n    seen(y)\n")
    assert probes(source) == [TENSOR, TENSOR]


def test_a_read_after_packing_is_not_reported_and_one_before_is() -> None:
    after = HEAD + ("class M(nn.Module):\n"
                    "    def forward(self, x: torch.Tensor, n: torch.Tensor):\n"
                    "        p = pack_padded_sequence(x, n, batch_first=True)\n"
                    "        return p, int(n.max())\n")
    assert syncs(after) == []
    before = after.replace("        p = pack_padded_sequence(x, n, batch_first=True)\n"
                           "        return p, int(n.max())\n",
                           "        total = int(n.max())\n"
                           "        return pack_padded_sequence(x, n, batch_first=True), total\n")
    assert syncs(before) == [f"SYN101:{line_of(before, 'total = int')}"]
