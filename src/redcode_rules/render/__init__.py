"""Pictures and pages: SVG boards and control cards, the card and DSL references."""
