import { t } from '../../../lib/i18n';
/**
 * The dialog's Enhance: POST /api/videos/enhance-prompt streams the rewritten prompt as plain text;
 * `onText` gets the whole text so far after every chunk, so the box fills in as it is written.
 * Resolves with the final text and who wrote it ('offline' for the local rewrite); throws with the
 * server's message on a 4xx/5xx.
 */
export async function enhancePrompt(
  prompt: string,
  model: string | undefined,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<{ text: string; by: string }> {
  const response = await fetch('/api/videos/enhance-prompt', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ prompt, ...(model ? { model } : {}) }),
    signal,
  });
  if (!response.ok) {
    let message = t('Could not enhance your prompt');
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: keep the generic message.
    }
    throw new Error(message);
  }
  const by = response.headers.get('x-enhanced-by') ?? '';
  let text = '';
  if (!response.body) {
    text = await response.text();
    onText(text);
    return { text, by };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    onText(text);
  }
  text += decoder.decode();
  onText(text);
  return { text: text.trim(), by };
}
