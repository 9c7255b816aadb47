/**
 * The chat benchmark's reference (run as its own process by chat.ts): the fixed stack relaying a
 * provider's answer with none of Chorus in it, to show what added time to first token this stack
 * can reach on this machine at all. Express 5 and Apollo Server 5 answer `sendMessage` by starting
 * the provider's streamed request with the openai SDK and answering the message id at once; a
 * graphql-ws `answerStream` subscription sends what is written so far, then each token as it
 * comes, then `done`. No sessions, no database, no plans, no saving, no batching: only the parts
 * the product owner fixed, used the plainest way. Prints its URL on one line.
 *
 * The bench's clients are the ones it runs against Chorus (same operations, cookies ignored here).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { makeExecutableSchema } from '@graphql-tools/schema';
import express from 'express';
import { useServer } from 'graphql-ws/use/ws';
import OpenAI from 'openai';
import { WebSocketServer } from 'ws';

const providerURL = process.argv[2];
if (!providerURL) throw new Error('usage: chatFloor.ts <provider base URL>');
const provider = new OpenAI({ baseURL: providerURL, apiKey: 'sk-bench' });

interface AnswerEvent {
  kind: 'snapshot' | 'delta' | 'done';
  text: string;
  status: string;
}
interface Answer {
  text: string;
  status: 'streaming' | 'complete' | 'error';
  listeners: Set<(event: AnswerEvent) => void>;
}
/** Answers live in memory for the process's life: the bench's few thousand are small. */
const answers = new Map<string, Answer>();

function publish(answer: Answer, event: AnswerEvent): void {
  for (const listener of answer.listeners) listener(event);
}

async function write(answer: Answer, content: string): Promise<void> {
  try {
    const stream = await provider.chat.completions.create({
      model: 'gpt',
      stream: true,
      messages: [{ role: 'user', content }],
    });
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta?.content;
      if (!text) continue;
      answer.text += text;
      publish(answer, { kind: 'delta', text, status: 'streaming' });
    }
    answer.status = 'complete';
  } catch {
    answer.status = 'error';
  }
  publish(answer, { kind: 'done', text: answer.text, status: answer.status });
}

/** The answer's events from now on: what is written so far, then each token, then done. */
async function* follow(answer: Answer): AsyncGenerator<{ answerStream: AnswerEvent }> {
  const queue: AnswerEvent[] = [];
  let wake: (() => void) | undefined;
  const listener = (event: AnswerEvent) => {
    queue.push(event);
    wake?.();
  };
  answer.listeners.add(listener);
  try {
    if (answer.status !== 'streaming') {
      yield { answerStream: { kind: 'done', text: answer.text, status: answer.status } };
      return;
    }
    yield { answerStream: { kind: 'snapshot', text: answer.text, status: answer.status } };
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const event = queue.shift()!;
      yield { answerStream: event };
      if (event.kind === 'done') return;
    }
  } finally {
    answer.listeners.delete(listener);
  }
}

const schema = makeExecutableSchema({
  typeDefs: `
    type Query { ok: Boolean }
    type Message { id: ID! }
    type SendMessagePayload { aiMessage: Message! }
    input SendMessageInput { content: String! }
    type Mutation { sendMessage(input: SendMessageInput!): SendMessagePayload! }
    type AnswerEvent { kind: String! text: String! status: String! }
    type Subscription { answerStream(messageId: ID!): AnswerEvent! }
  `,
  resolvers: {
    Query: { ok: () => true },
    Mutation: {
      sendMessage: (_: unknown, { input }: { input: { content: string } }) => {
        const id = randomUUID();
        const answer: Answer = { text: '', status: 'streaming', listeners: new Set() };
        answers.set(id, answer);
        void write(answer, input.content);
        return { aiMessage: { id } };
      },
    },
    Subscription: {
      answerStream: {
        subscribe: (_: unknown, { messageId }: { messageId: string }) => {
          const answer = answers.get(messageId);
          if (!answer) throw new Error('Message not found');
          return follow(answer);
        },
      },
    },
  },
});

const app = express();
app.disable('x-powered-by');
const server = createServer(app);
const wsServer = new WebSocketServer({ server, path: '/graphql' });
const wsCleanup = useServer({ schema }, wsServer);
const apollo = new ApolloServer({ schema });
await apollo.start();
app.use('/graphql', express.json(), expressMiddleware(apollo));

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  void wsCleanup.dispose();
  server.close();
  void apollo.stop().then(() => process.exit(0));
});
