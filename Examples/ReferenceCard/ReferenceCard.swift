// Placeholder until the reference card lands in this session.
