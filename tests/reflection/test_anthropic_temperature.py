"""The temperature over the real SDK to the local Anthropic double: sent on the API version that
takes it, never with structured output, and dropped (once, then remembered) for a model that
refuses it, so the reply still comes."""

from __future__ import annotations

from bot.doubles.anthropic_api import LocalAnthropicAPI
from reflection.anthropic_llm import AnthropicLLM
from reflection.llm import ChatMessage, LLMRequest


def request(model: str, temperature: float | None, schema: bool = False) -> LLMRequest:
    return LLMRequest(
        model=model,
        system=(),
        messages=(ChatMessage("user", "hi"),),
        max_tokens=50,
        temperature=temperature,
        json_schema={"type": "object", "properties": {}} if schema else None,
    )


def test_temperature_is_sent_and_a_refusing_model_still_answers() -> None:
    with LocalAnthropicAPI(rejects_temperature=frozenset({"claude-new"})) as api:
        llm = AnthropicLLM(api.api_key, base_url=api.base_url, max_retries=0)
        assert llm.complete(request("claude-sonnet-4-6", 0.8)).text
        first = api.requests[-1]
        assert first.body["temperature"] == 0.8
        assert first.headers["anthropic-version"] == "2023-06-01"
        # No temperature: the SDK's own API version, nothing added.
        llm.complete(request("claude-sonnet-4-6", None))
        assert "temperature" not in api.requests[-1].body
        assert api.requests[-1].headers["anthropic-version"] != "2023-06-01"
        # Never with structured output.
        llm.complete(request("claude-sonnet-4-6", 0.8, schema=True))
        assert "temperature" not in api.requests[-1].body
        # A model that refuses it: answered without it, and not offered it again.
        n = len(api.requests)
        assert llm.complete(request("claude-new", 0.9)).text
        assert [("temperature" in r.body) for r in api.requests[n:]] == [True, False]
        llm.complete(request("claude-new", 0.9))
        assert "temperature" not in api.requests[-1].body and len(api.requests) == n + 3
        llm.close()


def test_the_double_refuses_sampling_parameters_on_the_new_api_version() -> None:
    with LocalAnthropicAPI() as api:
        import anthropic

        client = anthropic.Anthropic(api_key=api.api_key, base_url=api.base_url, max_retries=0)
        try:
            client.messages.create(
                model="claude-sonnet-4-6",
                max_tokens=10,
                messages=[{"role": "user", "content": "hi"}],
                extra_body={"temperature": 0.5},
            )
        except anthropic.BadRequestError as exc:
            assert "temperature" in str(exc)
        else:
            raise AssertionError("API version 2026-10-21 must refuse a temperature")
        finally:
            client.close()
