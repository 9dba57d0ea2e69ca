"""Play over the network: the host's authoritative table and the messages each seat is sent."""
