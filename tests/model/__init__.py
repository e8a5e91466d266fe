"""Tests of the model's facts (synclint/model/), asked directly, not through a rule."""
