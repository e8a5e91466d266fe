# expect: none
# targets: SYN101
# why: a module that imports `unittest` at its top is test code, as one that imports pytest is (captum's testing/helpers/basic.py, fresh11 L1): its assertion helpers take a `unittest.TestCase` and compare tensors on the host, once per test
import unittest
from typing import Tuple

import torch
from torch import Tensor


def assert_tensor_almost_equal(test: unittest.TestCase, actual: Tensor, expected: Tensor,
                               delta: float = 1e-4) -> None:
    test.assertEqual(actual.shape, expected.shape)
    diff = (actual - expected).abs().max().cpu()
    test.assertLessEqual(float(diff), delta)


def assert_attributions_equal(test: unittest.TestCase, attributions1: Tuple[Tensor, ...],
                              attributions2: Tuple[Tensor, ...]) -> None:
    for attr1, attr2 in zip(attributions1, attributions2):
        for row1, row2 in zip(attr1, attr2):
            assert_tensor_almost_equal(test, row1, row2, 0.05)
            test.assertTrue(torch.equal(row1.sign(), row2.sign()))
