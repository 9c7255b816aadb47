import { fileURLToPath } from 'node:url';
import { readMessages } from '@chorus/shared/messageCatalogues';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:messages/';
const TRANSLATOR = fileURLToPath(new URL('../src/lib/translator.ts', import.meta.url));
/** A t('…') or msg('…') call's first argument, a quoted string. */
const TEXT_CALL = /\b(t|msg)\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/g;

/** A compiled message as Lingui's `_` takes it: a plain text compiles to [text], the bare string says the same. */
function compiled(text: string) {
  const message = compileMessage(text);
  return message.length === 1 && typeof message[0] === 'string' ? message[0] : message;
}

/**
 * `import messages from 'virtual:messages/es'`: a language's catalogue, its areas merged (one chunk
 * per language) and compiled, so the browser gets Lingui's compiled form and never ships its ICU
 * parser. A plain text stays a string; a text with placeholders or plurals becomes a small array.
 * English has no catalogue in the browser: its texts with placeholders are compiled where they are
 * written (the transform below).
 */
export function messageCatalogs(): Plugin {
  return {
    name: 'chorus-message-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    // The web app's English texts with placeholders, compiled where they are written (lib/translator.ts).
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/[\\/]web[\\/]src[\\/].*\.tsx?$/.test(file) || file === TRANSLATOR || !/\b(?:t|msg)\(/.test(code))
        return;
      let changed = false;
      const out = code.replace(TEXT_CALL, (whole, callee: string, literal: string) => {
        // The literal as JavaScript reads it (our own source, at build time).
        const text = new Function(`return ${literal}`)() as string;
        const message = compiled(text);
        if (message === text) return whole;
        changed = true;
        return `${callee}(__icu(${literal}, ${JSON.stringify(message)})`;
      });
      return changed
        ? { code: `import { icu as __icu } from ${JSON.stringify(TRANSLATOR)};\n${out}`, map: null }
        : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return;
      const language = id.slice(PREFIX.length + 1);
      if (!/^[a-zA-Z-]+$/.test(language)) this.error(`no such language: ${language}`);
      // The api's own texts (its e-mails and errors, area `server`) stay out of the browser's.
      const { messages, files } = readMessages(language, { skip: ['server'] });
      for (const file of files) this.addWatchFile(file);
      const catalogue = Object.fromEntries(
        Object.entries(messages).map(([source, text]) => [source, compiled(text)]),
      );
      return `export default ${JSON.stringify(catalogue)};`;
    },
  };
}
