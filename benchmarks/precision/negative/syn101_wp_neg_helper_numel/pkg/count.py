def size_of(t):
    return t.numel() * t.element_size()
