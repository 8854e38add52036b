"""Guards around code changes: diffs, the rule engine, safe-run, pre-edit, claims."""
