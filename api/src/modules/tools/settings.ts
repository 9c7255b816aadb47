import { z } from 'zod';

/** The tools module's settings (module.ts `settings`; .env.example documents each). */
export const toolSettings = {
  /**
   * Let MCP servers be at private, loopback and link-local addresses, and at plain http: only for a
   * self-hosted install that calls its own network on purpose, and for the tests' local server.
   */
  MCP_ALLOW_PRIVATE_TARGETS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** How long an untrusted tool call waits for the asker's Approve or Refuse; then it counts as refused. */
  MCP_APPROVAL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** How many tool calls one answer may make; the model is told when it has used them all. */
  MCP_MAX_CALLS_PER_ANSWER: z.coerce.number().int().min(1).max(10).default(5),
  /** How long one tool call (or listing a server's tools) may take. */
  MCP_CALL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
};
