import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { formatBytes } from '@chorus/shared/fileLimits';
import parserStream from 'stream-json';
import { badInput, textError } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';
import type { ImportFormat } from './formats.ts';

type Token = { name: string; value?: unknown };
type ValueKind = 'object' | 'array' | 'string' | 'number' | 'other';

/**
 * Tells a chat archive's format from its JSON tokens as they stream by, without building the
 * document: the same answers as formats.ts `detectFormat` gives a parsed one (a Chorus export is an
 * object with `format: "chorus"`, `version` 1 or 2 and a `chats` list; a ChatGPT or Claude export is
 * a list whose first item has `mapping` or `chat_messages`). Only a few keys are remembered.
 */
export class FormatSniffer {
  private depth = 0;
  private top: 'object' | 'array' | 'other' | null = null;
  /** The key whose value comes next in the top object. */
  private key: string | null = null;
  private formatIsString = false;
  private formatText = '';
  private version: number | null = null;
  private chatsIsList = false;
  private items = 0;
  private inFirstItem = false;
  private firstItemKeys = new Set<string>();

  token(t: Token): void {
    switch (t.name) {
      case 'startObject':
      case 'startArray':
        if (this.depth === 0) this.top = t.name === 'startObject' ? 'object' : 'array';
        else if (this.depth === 1) this.value(t.name === 'startObject' ? 'object' : 'array');
        this.depth += 1;
        return;
      case 'endObject':
      case 'endArray':
        this.depth -= 1;
        if (this.depth === 1) this.inFirstItem = false;
        return;
      case 'keyValue':
        if (this.depth === 1) this.key = String(t.value);
        else if (this.depth === 2 && this.inFirstItem) this.firstItemKeys.add(String(t.value));
        return;
      case 'startString':
        this.primitive('string');
        return;
      case 'stringChunk':
        // A string at the top object's level is a value there (keys come packed, never in chunks).
        if (this.depth === 1 && this.top === 'object' && this.key === 'format' && this.formatText.length < 64)
          this.formatText += String(t.value);
        return;
      case 'numberValue':
        this.primitive('number', Number(t.value));
        return;
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        this.primitive('other');
        return;
    }
  }

  private primitive(kind: ValueKind, n?: number) {
    if (this.depth === 0) this.top = 'other';
    else if (this.depth === 1) this.value(kind, n);
  }

  private value(kind: ValueKind, n?: number) {
    if (this.top === 'object') {
      if (this.key === 'format') {
        this.formatIsString = kind === 'string';
        this.formatText = '';
      } else if (this.key === 'version') this.version = kind === 'number' ? (n ?? null) : null;
      else if (this.key === 'chats') this.chatsIsList = kind === 'array';
    } else if (this.top === 'array') {
      if (this.items === 0) this.inFirstItem = kind === 'object';
      this.items += 1;
    }
  }

  get format(): ImportFormat | null {
    if (this.top === 'object') {
      const chorus =
        this.formatIsString &&
        this.formatText === 'chorus' &&
        (this.version === 1 || this.version === 2) &&
        this.chatsIsList;
      return chorus ? 'chorus' : null;
    }
    if (this.top === 'array' && this.items > 0) {
      if (this.firstItemKeys.has('mapping')) return 'chatgpt';
      if (this.firstItemKeys.has('chat_messages')) return 'claude';
    }
    return null;
  }
}

export const NOT_JSON = msg(
  'This file is not JSON: choose the conversations file of a Chorus, ChatGPT or Claude export',
);

export interface InspectedImport {
  size: number;
  contentHash: string;
  /** The format its content shows; null for JSON that is no chat export. */
  format: ImportFormat | null;
}

/**
 * Passes an uploaded archive on to storage as it arrives, checking it on the way without holding it:
 * its size (PAYLOAD_TOO_LARGE past `maxBytes`), that it is JSON (a streaming tokenizer, stream-json:
 * a cut-off or broken file is refused at upload, as a parsed one was), its format and its hash. The
 * stream fails, so storage keeps nothing whole, at the first problem.
 */
export class ImportInspector extends Transform {
  private size = 0;
  private readonly hash = createHash('sha256');
  private readonly sniffer = new FormatSniffer();
  private readonly parser = parserStream({
    packKeys: true,
    packStrings: false,
    packNumbers: true,
    streamKeys: false,
    streamNumbers: false,
  });
  private parserError: Error | null = null;
  private readonly parsed: Promise<void>;
  private inspected: InspectedImport | null = null;

  constructor(private readonly maxBytes: number) {
    super();
    this.parser.on('data', (t: Token) => this.sniffer.token(t));
    this.parsed = new Promise<void>((resolve) => {
      this.parser.once('end', resolve);
      this.parser.once('error', (err) => {
        this.parserError = err;
        resolve();
      });
    });
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      cb(
        textError('PAYLOAD_TOO_LARGE', msg('Import files can be at most {size}'), {
          size: formatBytes(this.maxBytes),
        }),
      );
      return;
    }
    if (this.parserError) {
      cb(badInput(NOT_JSON));
      return;
    }
    this.hash.update(chunk);
    // The tokenizer keeps only a partial token between chunks; its output is read as it comes.
    if (this.parser.write(chunk)) {
      cb(null, chunk);
      return;
    }
    const go = () => {
      this.parser.off('drain', go);
      this.parser.off('error', go);
      cb(null, chunk);
    };
    this.parser.on('drain', go);
    this.parser.on('error', go);
  }

  override _flush(cb: TransformCallback): void {
    this.parser.end();
    void this.parsed.then(() => {
      if (this.parserError || this.size === 0) return cb(badInput(NOT_JSON));
      this.inspected = {
        size: this.size,
        contentHash: this.hash.digest('hex'),
        format: this.sniffer.format,
      };
      cb();
    });
  }

  override _destroy(err: Error | null, cb: (error: Error | null) => void): void {
    this.parser.destroy();
    cb(err);
  }

  /** What was learned, once the stream has finished. */
  get result(): InspectedImport {
    if (!this.inspected) throw new Error('the upload has not finished');
    return this.inspected;
  }
}
