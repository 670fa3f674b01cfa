"""The Slack-facing daemon: Bolt app, intake, sessions, replies, review cards, scheduler, CLI."""
