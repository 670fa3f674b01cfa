"""The reflection: schema, prompt, forgiving parser, LLM clients, pricing, budgets. No Slack."""
