import type { Server } from 'node:http';
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../tests/support/app.ts';
import type { HttpClient } from '../../tests/support/client.ts';
import { signedUpClient } from '../../tests/support/users.ts';
import { wsClient } from '../../tests/support/ws.ts';
import type { RunningApp } from '../src/app.ts';
import { buildSchema } from '../src/graphql/schema.ts';
import { modules } from '../src/modules/index.ts';

/**
 * Bad input never answers 5xx. Routes are read from the running Express app and operations from
 * the GraphQL schema, so a route or mutation added later is covered without touching this file.
 */

interface Route {
  method: string;
  path: string;
}

interface RouterLayer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** Every route the Express app answers, with its full path (mount points included). */
function expressRoutes(server: Server): Route[] {
  const app = server.listeners('request')[0] as unknown as { router: { stack: RouterLayer[] } };
  const found: Route[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          if (method !== '_all')
            found.push({ method: method.toUpperCase(), path: prefix + layer.route.path });
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk(app.router.stack, '');
  return found;
}

const schema = buildSchema(modules);

/** Every input field name the GraphQL schema knows: the REST bodies use the same names. */
function inputFieldNames(): string[] {
  const names = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (isInputObjectType(type) && !type.name.startsWith('__')) {
      for (const name of Object.keys(type.getFields())) names.add(name);
    }
  }
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      for (const arg of field.args) names.add(arg.name);
    }
  }
  // REST-only names (sandbox return path, DM friend id, list paging, post slug).
  for (const name of ['friendId', 'return', 'before', 'after', 'limit', 'search', 'tag', 'slug', 'cursor']) {
    names.add(name);
  }
  return [...names].sort();
}

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(100_000);
const EMOJI = '🎬😀👩‍👩‍👧 ✨';
const badStrings = { NUL, '100 KB string': LONG, emoji: EMOJI } as const;
/** Values of every wrong JSON type, one per field in turn. */
const wrongTypes: unknown[] = [12345, true, [], { nested: 1 }, null, [NUL], -1.5e300];

/** Each sweep sends a request per route (and more per field): it grows with every route added. */
const SWEEP_TIMEOUT_MS = 180_000;
/**
 * The sweeps' thousands of requests go a few at a time (the answers don't depend on order: each is
 * refused or answered on its own), so the sweep takes seconds, not minutes, on a busy machine.
 */
const inFlight = pLimit(6);

const ID_PLACEHOLDER = '00000000-0000-4000-8000-000000000000';

/** The route's path with each `:param` replaced (URL-encoded). */
const fillPath = (path: string, value: string) =>
  path.replace(/:(\w+)/g, () => encodeURIComponent(value)).replace(/\*\w*/g, encodeURIComponent(value));

let app: RunningApp;
let client: HttpClient;
let routes: Route[];
const fields = inputFieldNames();

beforeAll(async () => {
  app = await startTestApp();
  ({ client } = await signedUpClient(app.url));
  routes = expressRoutes(app.server).filter(
    // Logging out would end the session the rest of the table needs; it has its own tests.
    (r) => r.path.startsWith('/api/') && r.path !== '/api/auth/logout',
  );
});
afterAll(async () => {
  await app?.close();
});

async function expectNo5xx(
  label: string,
  res: { status: number; text: string },
  failures: string[],
  expectStatus?: number,
) {
  if (res.status >= 500 || (expectStatus !== undefined && res.status !== expectStatus)) {
    failures.push(`${label} → ${res.status} ${res.text.slice(0, 200)}`);
  }
}

describe('every REST route refuses bad input without a 5xx', () => {
  it('enumerates the routes from the Express router', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/chats' });
    expect(routes).toContainEqual({ method: 'PATCH', path: '/api/users/update' });
  });

  for (const [kind, value] of Object.entries(badStrings)) {
    it(
      `${kind} in every body field, query parameter and path parameter`,
      async () => {
        const failures: string[] = [];
        const body = Object.fromEntries(fields.map((f) => [f, value]));
        // Sent as JSON text made once: with the long string in every field it is megabytes, and
        // encoding it again for each route was most of the sweep's time.
        const bodyJson = JSON.stringify(body);
        // URLs are limited to 16 KB by Node, so the long string travels in bodies only.
        const query =
          value === LONG ? '' : `?${fields.map((f) => `${f}=${encodeURIComponent(value)}`).join('&')}`;
        const sends: Promise<void>[] = [];
        for (const route of routes) {
          for (const id of value === LONG ? [ID_PLACEHOLDER] : [value, ID_PLACEHOLDER]) {
            const path = fillPath(route.path, id);
            const write = route.method !== 'GET';
            // Every field at once, then each field alone (so one refused field can't hide another).
            const bodies = !write
              ? [undefined]
              : id === value
                ? [body]
                : [body, ...fields.map((f) => ({ [f]: value })), value];
            for (const b of bodies) {
              sends.push(
                inFlight(async () => {
                  const res = await client.request(route.method, path + query, b === body ? bodyJson : b);
                  // A NUL anywhere in a request is refused as bad input, with a message.
                  const label = `${route.method} ${path.slice(0, 80)} ${JSON.stringify(b)?.slice(0, 60)}`;
                  await expectNo5xx(label, res, failures, kind === 'NUL' ? 400 : undefined);
                  if (kind === 'NUL' && res.status === 400 && typeof res.body?.message !== 'string') {
                    failures.push(`${label}: 400 without a message`);
                  }
                }),
              );
            }
          }
        }
        await Promise.all(sends);
        expect(failures.sort()).toEqual([]);
      },
      SWEEP_TIMEOUT_MS,
    );
  }

  it(
    'wrong JSON types in every body field, arrays and empty values in every query parameter',
    async () => {
      const failures: string[] = [];
      // A repeated key arrives as an array, a bare key as an empty string.
      const query = `?${fields.map((f) => `${f}=1&${f}=2&${f}`).join('&')}`;
      for (const route of routes) {
        const path = fillPath(route.path, ID_PLACEHOLDER) + query;
        const res = await client.request(route.method, path, route.method === 'GET' ? undefined : {});
        await expectNo5xx(`${route.method} ${path.slice(0, 80)}`, res, failures);
      }
      for (const route of routes.filter((r) => r.method !== 'GET')) {
        const path = fillPath(route.path, ID_PLACEHOLDER);
        for (const wrong of wrongTypes) {
          for (const b of [Object.fromEntries(fields.map((f) => [f, wrong])), wrong, 'just a string']) {
            const res = await client.request(route.method, path, JSON.stringify(b));
            await expectNo5xx(`${route.method} ${path} ${JSON.stringify(b).slice(0, 60)}`, res, failures);
          }
        }
      }
      expect(failures).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it('a NUL in an upload’s file name is refused with a 400', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    for (const [path, field, bytes, type] of [
      ['/api/files', 'file', Buffer.from('hello, world\n'), 'text/plain'],
      ['/api/chat/images', 'image', png, 'image/png'],
    ] as const) {
      // As a browser's FormData sends it: the NUL raw in the part header.
      const raw = await client.upload(path, field, bytes, 'notes\u0000.txt', type);
      expect(raw.status, path).toBe(400);
      expect(raw.body.message).toMatch(/could not be read/);
      // RFC 5987's encoded form, which busboy decodes into a NUL in the file name.
      const boundary = 'fuzzboundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename*=utf-8''a%00b.txt\r\n` +
            `Content-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const encoded = await fetch(app.url + path, {
        method: 'POST',
        headers: { cookie: client.cookieHeader, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      expect(encoded.status, path).toBe(400);
      expect(((await encoded.json()) as { message: string }).message).toMatch(/NUL/);
    }
  });
});

/** A value of the argument's type holding `value` in every string, and valid values elsewhere. */
function valueFor(type: GraphQLInputType, value: unknown, mode: 'strings' | 'wrong'): unknown {
  if (isNonNullType(type)) return valueFor(type.ofType, value, mode);
  if (isListType(type)) return [valueFor(type.ofType, value, mode)];
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields()).map((f) => [f.name, valueFor(f.type, value, mode)]),
    );
  }
  if (mode === 'wrong') return isScalarType(type) && type.name === 'String' ? 12345 : 'wrong';
  if (isEnumType(type)) return type.getValues()[0]?.name;
  if (isScalarType(type)) {
    switch (type.name) {
      case 'String':
      case 'ID':
        return value;
      case 'Int':
        return 4;
      case 'Float':
        return 1;
      case 'Boolean':
        return true;
      case 'DateTime':
        return new Date().toISOString();
    }
  }
  return value;
}

/** Whether any argument (or input field, at any depth) is a String or ID. */
function takesText(field: GraphQLField<unknown, unknown>): boolean {
  const seen = new Set<string>();
  const visit = (type: GraphQLInputType): boolean => {
    const named = getNamedType(type);
    if (isScalarType(named)) return named.name === 'String' || named.name === 'ID';
    if (!isInputObjectType(named) || seen.has(named.name)) return false;
    seen.add(named.name);
    return Object.values(named.getFields()).some((f) => visit(f.type));
  };
  return field.args.some((a) => visit(a.type));
}

const typeRef = (arg: GraphQLArgument) => String(arg.type);

function documentFor(kind: 'query' | 'mutation', name: string, field: GraphQLField<unknown, unknown>) {
  const vars = field.args.map((a) => `$${a.name}: ${typeRef(a)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const named = getNamedType(field.type);
  const selection = isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
  return `${kind} Fuzz${vars ? `(${vars})` : ''} { ${name}${args ? `(${args})` : ''}${selection} }`;
}

describe('every GraphQL operation refuses bad input without a 5xx', () => {
  const operations = [
    ...Object.entries(schema.getMutationType()?.getFields() ?? {}).map(
      ([n, f]) => ['mutation', n, f] as const,
    ),
    ...Object.entries(schema.getQueryType()?.getFields() ?? {})
      .filter(([, f]) => f.args.length > 0)
      .map(([n, f]) => ['query', n, f] as const),
  ];

  it('enumerates the mutations from the schema', () => {
    expect(operations.filter(([k]) => k === 'mutation').length).toBeGreaterThan(20);
  });

  for (const [kind, value] of [...Object.entries(badStrings), ['wrong types', 'wrong'] as const]) {
    it(`${kind} in every argument`, async () => {
      const failures: string[] = [];
      for (const [opKind, name, field] of operations) {
        const variables = Object.fromEntries(
          field.args.map((a) => [
            a.name,
            valueFor(a.type, value, kind === 'wrong types' ? 'wrong' : 'strings'),
          ]),
        );
        const res = await client.gql(documentFor(opKind, name, field), variables);
        const label = `${opKind} ${name}`;
        const internal = res.errors?.find((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR');
        if (res.status >= 500 || internal)
          failures.push(`${label} → ${res.status} ${res.text.slice(0, 200)}`);
        if (kind === 'NUL' && takesText(field) && (res.status !== 400 || !res.errors?.[0]?.message)) {
          failures.push(`${label}: NUL answered ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('a NUL in a subscription’s variables or literals is refused over graphql-ws too', async () => {
    const ws = wsClient(app.url, client.cookieHeader);
    try {
      for (const payload of [
        {
          query: 'subscription ($id: ID!) { answerStream(messageId: $id) { kind } }',
          variables: { id: NUL },
        },
        { query: 'subscription { answerStream(messageId: "a\\u0000b") { kind } }' },
      ]) {
        const error = await new Promise<unknown>((resolve) => {
          ws.subscribe(payload, { next: () => {}, error: resolve, complete: () => resolve(null) });
        });
        expect(JSON.stringify(error)).toMatch(/NUL characters/);
      }
    } finally {
      await ws.dispose();
    }
  });

  it('a NUL written into the document’s own string literal is refused with a 400', async () => {
    const res = await client.gql('mutation { createChat(input: { title: "a\\u0000b" }) { id } }');
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.message).toMatch(/NUL/i);
  });

  it('a document over the token limit answers 400 with a message', async () => {
    const fieldsList = Array.from({ length: 3000 }, () => '__typename').join(' ');
    const res = await client.gql(`query { ${fieldsList} }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.message).toMatch(/token/i);
  });
});
