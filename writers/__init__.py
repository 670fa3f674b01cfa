"""One module per kind of learned artifact (write, read, ageing), plus redaction and review."""
