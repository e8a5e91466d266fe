"""The model of the program: one inference over every checked file, read by the rules,
the fixes and every entry point (DESIGN.md section 10).

- `index`: one module from `ast` (definitions, imports, classes, hook registrations);
- `project`: the modules linked, every function summarised bottom-up over the call graph
  (`schedule`: its strongly connected components, callees first);
- `evaluation` (with `flow`, `expressions`, `calls`): one pass over a function body;
- `hooks`, `callers`: per-step and cold code, from frameworks, registrations and callers;
- `summaries`, `views`: what rules and worker processes see of it.
"""
