"""Tables played over the network: joining one, and the table itself."""
