"""The screens of tables played over the network: hosting one, joining one, its lobby, and the
table itself as each player's own computer shows it."""
