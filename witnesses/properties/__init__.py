"""Property claims: hypothesis quantifies each rule family over generated domain values (strategies in `witnesses.strategies`)."""
