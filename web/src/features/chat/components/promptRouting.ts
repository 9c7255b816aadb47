import { detectDuration } from '@chorus/shared/videoRules';
import { type Assistant, findAssistant, parseCommand } from './assistants';

/** What the composer's text asks for, before anything is sent. */
export type PromptRoute =
  /** The video assistant: the prompt goes to the video dialog, not to the chat. */
  | { kind: 'video'; prompt: string; switchTo: string | null }
  /** "@video" with nothing to draw (bare, or only a length like "8 seconds"). */
  | { kind: 'emptyVideo'; switchTo: string | null }
  /** A bare "@command": the assistant changes, nothing is sent. */
  | { kind: 'switchOnly'; assistant: Assistant }
  /** A chat message to send to an assistant (an @image command included). */
  | { kind: 'send'; text: string; assistantId: string; switchTo: string | null };

/** Routes trimmed, non-empty composer text by its @command, else by the assistant in use. */
export function routePrompt(
  text: string,
  assistants: readonly Assistant[],
  currentModel: string,
): PromptRoute {
  const { assistant: commanded, rest } = parseCommand(text, assistants);
  const switchTo = commanded ? commanded.id : null;
  const target = commanded ?? findAssistant(assistants, currentModel);
  if (target?.kind === 'video' || (!commanded && currentModel === 'video')) {
    const prompt = commanded ? rest : text;
    return detectDuration(prompt).prompt
      ? { kind: 'video', prompt, switchTo }
      : { kind: 'emptyVideo', switchTo };
  }
  if (commanded && !rest) return { kind: 'switchOnly', assistant: commanded };
  return { kind: 'send', text, assistantId: commanded?.id ?? currentModel, switchTo };
}
