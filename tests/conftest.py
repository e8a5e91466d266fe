"""Shared pytest configuration."""

pytest_plugins = ["pytester"]
