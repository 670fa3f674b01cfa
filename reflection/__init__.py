"""The reflection: schema, prompts, forgiving parser, LLM clients, pricing and budgets. No Slack here."""
