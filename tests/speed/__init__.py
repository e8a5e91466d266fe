"""Cache, prefilter, positions and parallelism: the machinery that makes synclint fast."""
