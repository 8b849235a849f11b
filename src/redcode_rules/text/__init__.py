"""Text generated from the data: card texts, the words of expressions, narration."""
