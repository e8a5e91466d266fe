"""Robustness: no input crashes synclint, hangs it, or makes it corrupt a file."""
