"""The balance lab: bot games as data, runners, tournaments, balance reports, statistics."""
