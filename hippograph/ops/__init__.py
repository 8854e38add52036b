"""Operations on the whole store: status, maintenance jobs, export and restore."""
