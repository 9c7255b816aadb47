/*
 * Draws a message in Lingui's compiled form (what web/vite-plugins/messageCatalogs.ts makes of an ICU
 * text at build time: "Hi ", ["name"], "!" and [["count", "plural", { one: ["#", " chat"], other: […] }]])
 * with its values, for English, so an English page needs no i18n runtime: Lingui itself
 * (lib/translators.ts) loads with another language's catalogue. It covers what Chorus's texts use: placeholders, plural and
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
