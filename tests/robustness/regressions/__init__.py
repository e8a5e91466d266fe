"""Minimal inputs that once broke a robustness property, one test each."""
