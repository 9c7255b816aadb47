import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { type AppError, badInput } from '../../../platform/errors.ts';
import { msg } from '../../../platform/i18n.ts';

/** Enough of a file's start for every signature file-type knows, including Office files inside ZIPs. */
const HEAD_BYTES = 64 * 1024;
/** Text files up to this size are parsed to tell JSON from plain text. */
const JSON_SNIFF_BYTES = 2 * 1024 * 1024;

export const TYPE_REFUSED = msg(
  'Only images, audio, video, PDF, Office documents, archives and text files (TXT, CSV, JSON, Markdown) can be uploaded',
);

const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/rtf',
  'application/epub+zip',
  'application/zip',
  'application/gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/x-cfb', // legacy Office files as file-type names them
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
]);

/**
 * The type rule: a file is what its bytes say. A recognised signature must be an image, audio,
 * video, document or archive (executables, scripts in binary wrappers and unknown formats are
 * refused). Bytes with no signature are accepted only if they are valid UTF-8 text without NULs;
 * text that parses as JSON is JSON, and the name's extension only picks CSV or Markdown among
 * text flavours — a name can never turn binary into text or one format into another.
 */
function allowedBinary(mime: string): boolean {
  return /^(image|audio|video)\//.test(mime) || DOCUMENT_TYPES.has(mime);
}

function textFlavour(name: string, text: string | null): string {
  if (text !== null && /^\s*[[{]/.test(text)) {
    try {
      JSON.parse(text);
      return 'application/json';
    } catch {
      // Not JSON after all: plain text below.
    }
  }
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'csv') return 'text/csv';
  if (ext === 'md' || ext === 'markdown') return 'text/markdown';
  return 'text/plain';
}

export interface Inspection {
  size: number;
  contentType: string;
}

/**
 * Passes an upload through while counting its bytes and reading its type from its content. Fails
 * the stream (so nothing more is stored) as soon as the size passes `maxBytes`, the signature is a
 * refused type, or bytes with no signature stop being text.
 */
export class ContentInspector extends Transform {
  private size = 0;
  private head: Buffer[] = [];
  private headSize = 0;
  private decided: 'binary' | 'text' | null = null;
  private binaryType: string | null = null;
  private decoder = new TextDecoder('utf-8', { fatal: true });
  private text: string[] | null = [];
  private textLength = 0;

  constructor(
    private readonly name: string,
    private readonly maxBytes: number,
    private readonly tooBig: () => AppError,
  ) {
    super();
  }

  get result(): Inspection {
    if (!this.decided) throw new Error('inspection not finished');
    return {
      size: this.size,
      contentType:
        this.decided === 'binary' ? this.binaryType! : textFlavour(this.name, this.text?.join('') ?? null),
    };
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(this.tooBig());
    } else if (this.decided) {
      done(this.passOn(chunk));
    } else {
      this.head.push(chunk);
      this.headSize += chunk.length;
      if (this.headSize < HEAD_BYTES) done();
      else this.decide().then(() => done(), done);
    }
  }

  override _flush(done: TransformCallback): void {
    const finish = async () => {
      if (this.size === 0) throw badInput(msg('The file is empty'));
      if (!this.decided) await this.decide();
      if (this.decided === 'text') this.readText();
    };
    finish().then(() => done(), done);
  }

  private async decide(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    const type = await fileTypeFromBuffer(head);
    if (type) {
      if (!allowedBinary(type.mime)) throw badInput(TYPE_REFUSED);
      this.decided = 'binary';
      this.binaryType = type.mime;
    } else {
      this.decided = 'text';
    }
    const error = this.passOn(head);
    if (error) throw error;
  }

  /** Forwards bytes; for text, first checks they still decode as UTF-8 text. */
  private passOn(chunk: Buffer): Error | undefined {
    if (this.decided === 'text') {
      try {
        this.readText(chunk);
      } catch (e) {
        return e as Error;
      }
    }
    this.push(chunk);
    return undefined;
  }

  /** Decodes the next text bytes (or the end, without a chunk); invalid UTF-8 or a NUL means binary. */
  private readText(chunk?: Buffer): void {
    let piece: string;
    try {
      piece = chunk ? this.decoder.decode(chunk, { stream: true }) : this.decoder.decode();
    } catch {
      throw badInput(TYPE_REFUSED);
    }
    if (piece.includes('\u0000')) throw badInput(TYPE_REFUSED);
    if (this.text) {
      this.textLength += piece.length;
      if (this.textLength > JSON_SNIFF_BYTES) this.text = null;
      else this.text.push(piece);
    }
  }
}
