/**
 * The small interface the chat's answers use tools through (chat/core/answerTools.ts opens a
 * session per answer; chat/providers/providers.ts offers its definitions and runs its calls). The
 * MCP implementation is calls.ts; the chat core knows nothing else of this module.
 */

/** A function the model may call (OpenAI's `tools[].function`). */
export interface ToolDefinition {
  /** `<server>__<tool>`, unique among the answer's tools. */
  name: string;
  description: string;
  /** Its arguments' JSON Schema. */
  parameters: Record<string, unknown>;
}

/** One call the model asked for: the function's name and its arguments as the JSON text it wrote. */
export interface ToolCallRequest {
  name: string;
  arguments: string;
}

/** The tools of one answer. */
export interface AnswerToolSession {
  definitions: ToolDefinition[];
  /** Calls left to this answer; none left, the model is asked without tools. */
  readonly remaining: number;
  /**
   * Saves the call, waits for the asker's decision unless the tool is trusted, runs it: the text the
   * model is given back (the result, a refusal, an error). Ends early, quietly, when `signal` aborts.
   */
  call(request: ToolCallRequest, signal: AbortSignal): Promise<string>;
  /** Ends the sessions with the servers. */
  close(): Promise<void>;
}

export interface AnswerTools {
  /**
   * The asker's tools for one answer, null when they have none (or none could be reached).
   * `serverIds` limits them to those of the asker's servers (a custom assistant's choice).
   */
  open(args: {
    userId: string;
    messageId: string;
    serverIds?: string[];
    signal: AbortSignal;
  }): Promise<AnswerToolSession | null>;
}
