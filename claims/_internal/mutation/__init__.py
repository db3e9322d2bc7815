"""The mutation engine: one generator, one worker pool, one evidence format for declared defects and automatic mutants."""
