import { describe, expect, it } from 'vitest';
import type { AnswerToolSession } from '../../tools/core/answerTools.ts';
import { runToolCalls, ToolCallDeltas, toolParams } from './toolRounds.ts';

const session = (results: Record<string, string>): AnswerToolSession & { asked: string[] } => {
  const asked: string[] = [];
  return {
    asked,
    definitions: [{ name: 'srv__echo', description: 'Echo', parameters: { type: 'object' } }],
    remaining: 5,
    call: async (request) => {
      asked.push(`${request.name} ${request.arguments}`);
      return results[request.name] ?? 'none';
    },
    close: async () => {},
  };
};

describe('tool rounds', () => {
  it('offers the session’s tools as functions', () => {
    expect(toolParams(session({}))).toEqual({
      tools: [
        {
          type: 'function',
          function: { name: 'srv__echo', description: 'Echo', parameters: { type: 'object' } },
        },
      ],
    });
  });

  it('puts calls together from their streamed pieces, by index', () => {
    const calls = new ToolCallDeltas();
    calls.add([{ index: 0, id: 'a', type: 'function', function: { name: 'srv__', arguments: '' } }]);
    calls.add([{ index: 1, id: 'b', function: { name: 'srv__echo', arguments: '{}' } }]);
    calls.add([{ index: 0, function: { name: 'echo', arguments: '{"text":' } }]);
    calls.add([{ index: 0, function: { arguments: '"hi"}' } }]);
    expect(calls.list()).toEqual([
      { id: 'a', name: 'srv__echo', arguments: '{"text":"hi"}' },
      { id: 'b', name: 'srv__echo', arguments: '{}' },
    ]);
    expect(new ToolCallDeltas().isEmpty()).toBe(true);
  });

  it('runs the calls in turn and adds the assistant’s request and each result to the messages', async () => {
    const calls = new ToolCallDeltas();
    calls.text = 'Let me look.';
    calls.add([{ index: 0, id: 'call_1', function: { name: 'srv__echo', arguments: '{"text":"x"}' } }]);
    const tools = session({ srv__echo: 'echo: x' });
    const messages: Parameters<typeof runToolCalls>[2] = [{ role: 'user', content: 'hi' }];
    await runToolCalls(tools, calls, messages, new AbortController().signal);
    expect(tools.asked).toEqual(['srv__echo {"text":"x"}']);
    expect(messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: 'Let me look.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'srv__echo', arguments: '{"text":"x"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'echo: x' },
    ]);
  });

  it('runs nothing once the answer is stopped, but still answers every call', async () => {
    const calls = new ToolCallDeltas();
    calls.add([{ index: 0, id: 'c', function: { name: 'srv__echo', arguments: '{}' } }]);
    const tools = session({});
    const stop = new AbortController();
    stop.abort();
    const messages: Parameters<typeof runToolCalls>[2] = [];
    await runToolCalls(tools, calls, messages, stop.signal);
    expect(tools.asked).toEqual([]);
    expect(messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'c', content: 'Stopped.' });
  });
});
