"""One module per kind of learned artifact (write path, read path, ageing), plus redaction and review."""
