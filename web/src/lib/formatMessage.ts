/*
 * Draws a message in Lingui's compiled form (what web/vite-plugins/messageCatalogs.ts makes of an ICU
 * text: "Hi ", ["name"], "!" and [["count", "plural", { one: ["#", " chat"], other: […] }]]) with its
 * values, for English, so an English page needs no i18n runtime: Lingui itself (lib/i18n.ts) loads
 * with another language's catalogue. It covers what Chorus's texts use: placeholders, plural and
 * selectordinal (with `#` and `=N`), and select; formatMessage.test.ts holds it to Lingui's output.
 */
export type CompiledMessage = string | CompiledPart[];
type CompiledPart = string | [name: string, type?: string, cases?: Record<string, CompiledMessage>];

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  const known = map.get(key);
  if (known) return known;
  const made = make();
  map.set(key, made);
  return made;
}

export function formatCompiled(
  message: CompiledMessage,
  values: Record<string, unknown>,
  locale: string,
  count?: number,
): string {
  if (typeof message === 'string') return message;
  let text = '';
  for (const part of message) {
    if (typeof part === 'string') {
      text +=
        part === '#' && count !== undefined
          ? cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(count)
          : part;
      continue;
    }
    const [name, type, cases = {}] = part;
    const value = values[name];
    if (type === 'plural' || type === 'selectordinal') {
      const n = Number(value);
      const ordinal = type === 'selectordinal';
      const rules = cached(
        pluralRules,
        `${locale}:${ordinal}`,
        () => new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' }),
      );
      const chosen = cases[`=${n}`] ?? cases[n] ?? cases[rules.select(n)] ?? cases.other;
      if (chosen !== undefined) text += formatCompiled(chosen, values, locale, n);
    } else if (type === 'select') {
      const chosen = cases[String(value)] ?? cases.other;
      if (chosen !== undefined) text += formatCompiled(chosen, values, locale, count);
    } else if (value != null) {
      text += String(value);
    }
  }
  return text;
}

/**
 * Reads an ICU text into the compiled form above, for English, whose texts are their own ids and
 * ship with the code that shows them (no catalogue in the first download). It reads what Chorus's
 * texts use: `{name}`, `{n, plural|selectordinal|select, =0 {…} one {…} other {…}}` (offset too),
 * `#`, and ICU's apostrophe quoting; formatMessage.test.ts holds it to Lingui's own compiler for
 * every English text the catalogues have.
 */
export function compileIcu(text: string): CompiledMessage {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at ${at} in ${JSON.stringify(text)}`);
  };
  const skipSpace = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const word = () => {
    skipSpace();
    const start = at;
    while (at < text.length && /[^\s,{}]/.test(text[at] as string)) at++;
    return text.slice(start, at);
  };
  const message = (inPlural: boolean): CompiledPart[] => {
    const parts: CompiledPart[] = [];
    let literal = '';
    const flush = () => {
      if (literal) parts.push(literal);
      literal = '';
    };
    while (at < text.length) {
      const c = text[at] as string;
      if (c === '}') break;
      if (c === "'") {
        const next = text[at + 1];
        if (next === "'") {
          literal += "'";
          at += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          const end = text.indexOf("'", at + 1);
          literal += text.slice(at + 1, end < 0 ? text.length : end);
          at = end < 0 ? text.length : end + 1;
        } else {
          literal += c;
          at++;
        }
      } else if (c === '#' && inPlural) {
        flush();
        parts.push('#');
        at++;
      } else if (c === '{') {
        flush();
        at++;
        parts.push(argument());
      } else {
        literal += c;
        at++;
      }
    }
    flush();
    return parts;
  };
  const argument = (): CompiledPart => {
    const name = word();
    skipSpace();
    if (text[at] === '}') {
      at++;
      return [name];
    }
    if (text[at] !== ',') fail('expected , or }');
    at++;
    const type = word();
    skipSpace();
    if (text[at] === '}') {
      at++;
      return [name];
    }
    at++; // the comma before the cases
    const cases: Record<string, CompiledMessage> = {};
    for (;;) {
      skipSpace();
      if (text[at] === '}') {
        at++;
        break;
      }
      const key = word();
      if (!key) fail('expected a case');
      if (key.startsWith('offset:')) {
        cases.offset = key.slice(7);
        continue;
      }
      skipSpace();
      if (text[at] !== '{') fail('expected {');
      at++;
      cases[key] = message(type === 'plural' || type === 'selectordinal');
      if (text[at] !== '}') fail('expected }');
      at++;
    }
    return [name, type, cases];
  };
  const parts = message(false);
  if (at < text.length) fail('unexpected }');
  return parts.length === 1 && typeof parts[0] === 'string' ? parts[0] : parts;
}
