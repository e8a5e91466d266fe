def count_true(mask):
    return mask.sum().item()
