import { msg } from '../../../lib/i18n';

/**
 * The built-in assistants' one-line descriptions as the api's catalogue sends them in English
 * (api/src/modules/chat/core/catalogue.ts), marked here so the catalogues carry their translations;
 * drawn with `t(assistant.description)` (ModelSelector.tsx). A text not listed (a custom
 * assistant's own) is drawn as written. Keep in step with the api's wording.
 */
export const ASSISTANT_DESCRIPTIONS = [
  msg('Versatile all-rounder for writing, questions and ideas'),
  msg('Thoughtful long-form writing and careful reasoning'),
  msg('Witty answers with a sense of humour'),
  msg("Google's multimodal model, good with images"),
  msg('Research answers with sources'),
  msg('Writes, explains and debugs code'),
  msg('Tutor that explains step by step and quizzes you'),
  msg('Turns a description into a picture'),
  msg('Turns a prompt into a 4-12 second video'),
  msg('Custom assistant'),
] as const;
