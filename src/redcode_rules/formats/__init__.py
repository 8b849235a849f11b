"""Games as files: JSON saves, YAML scenarios, replays."""
