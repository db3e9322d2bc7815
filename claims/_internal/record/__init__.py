"""The committed record: the ledger, its mirror, snapshots, admitted debt, and what the gate finds wrong with them."""
