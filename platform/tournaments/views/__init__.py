"""Pages of the tournaments app, split by who uses them: public, player, matches, organizer."""
