"""synclint: find and fix the PyTorch patterns that stall the GPU or blow up its memory."""

__version__ = "0.1.0"
