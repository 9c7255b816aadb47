import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { AnswerToolSession } from '../../tools/core/answerTools.ts';

/**
 * An answer's rounds of tool calls (providers.ts streamAnswer): the calls a streamed round asks
 * for, gathered from their deltas; the request's `tools`; and the messages that carry a round's
 * calls and their results into the next request. The session (modules/tools) saves, has approved
 * and runs each call, and counts them against the per-answer limit.
 */

/** Rounds of calls in one answer, whatever the session's limit: a model that never stops asking ends. */
export const MAX_TOOL_ROUNDS = 10;

/** The request's tools, as OpenAI's function definitions. */
export function toolParams(tools: AnswerToolSession): { tools: ChatCompletionTool[] } {
  return {
    tools: tools.definitions.map((d) => ({
      type: 'function' as const,
      function: { name: d.name, description: d.description, parameters: d.parameters },
    })),
  };
}

type Delta = NonNullable<ChatCompletionChunk.Choice.Delta['tool_calls']>[number];

/** The tool calls of one streamed round, put together from their pieces (by `index`). */
export class ToolCallDeltas {
  /** The round's text before its calls (kept in the assistant message that asked for them). */
  text = '';
  private readonly calls: { id: string; name: string; arguments: string }[] = [];

  add(deltas: Delta[]): void {
    for (const d of deltas) {
      this.calls[d.index] ??= { id: '', name: '', arguments: '' };
      const call = this.calls[d.index]!;
      if (d.id) call.id = d.id;
      if (d.function?.name) call.name += d.function.name;
      if (d.function?.arguments) call.arguments += d.function.arguments;
    }
  }

  isEmpty(): boolean {
    return this.list().length === 0;
  }

  list() {
    return this.calls.filter((c) => c?.name);
  }
}

/**
 * Runs a round's calls one after the other (each may wait for the asker) and adds the assistant's
 * message asking for them and a `tool` message with each one's result to `messages`.
 */
export async function runToolCalls(
  tools: AnswerToolSession,
  calls: ToolCallDeltas,
  messages: ChatCompletionMessageParam[],
  signal: AbortSignal,
): Promise<void> {
  const list = calls.list().map((c, i) => ({ ...c, id: c.id || `call_${i}` }));
  messages.push({
    role: 'assistant',
    content: calls.text || null,
    tool_calls: list.map((c) => ({
      id: c.id,
      type: 'function' as const,
      function: { name: c.name, arguments: c.arguments || '{}' },
    })),
  });
  for (const c of list) {
    const result = signal.aborted
      ? 'Stopped.'
      : await tools.call({ name: c.name, arguments: c.arguments }, signal);
    messages.push({ role: 'tool', tool_call_id: c.id, content: result });
  }
}
