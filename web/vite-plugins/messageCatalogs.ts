import { readMessages } from '@chorus/shared/messageCatalogues';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:messages/';

/**
 * `import messages from 'virtual:messages/es'`: a language's catalogue, its areas merged (one chunk
 * per language) and compiled, so the browser gets Lingui's compiled form and never ships its ICU
 * parser. A plain text stays a string; a text with placeholders or plurals becomes a small array.
 */
export function messageCatalogs(): Plugin {
  return {
    name: 'chorus-message-catalogs',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return;
      const language = id.slice(PREFIX.length + 1);
      if (!/^[a-zA-Z-]+$/.test(language)) this.error(`no such language: ${language}`);
      // The api's own texts (its e-mails and errors, area `server`) stay out of the browser's.
      const { messages, files } = readMessages(language, { skip: ['server'] });
      for (const file of files) this.addWatchFile(file);
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([source, text]) => {
          const message = compileMessage(text);
          // A plain text compiles to [text]; the bare string says the same, a few bytes less.
          return [source, message.length === 1 && typeof message[0] === 'string' ? message[0] : message];
        }),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
