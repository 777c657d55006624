"""Rules tests for ¡Abordaje!: one given/when/then test per rule id of the digest, from rigged positions."""
