"""Mutation operators: what one is, mutmut's own (through one seam), and the domain-aware catalogue."""
