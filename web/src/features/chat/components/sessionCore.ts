import type { ActionDispatch, RefObject } from 'react';
import { notifyError } from '../../../components/toaster';
import { readApiFailure } from '../../../graphql/errors';
import type { SessionAction } from './sessionState';

/**
 * What the chat session's hooks share (useChatSession.ts makes it): the reducer's dispatch, and the
 * refs async work compares against, so a reply for a chat the user has left changes nothing.
 */
export interface SessionCore {
  dispatch: ActionDispatch<[action: SessionAction]>;
  /** The chat open now (null for a new one), read by work that outlives a render. */
  chatIdRef: RefObject<string | null>;
  /** Moves on whenever another chat (or a new one) opens; work started before compares against it. */
  generationRef: RefObject<number>;
  /** A prompt is on its way (read synchronously, so a double Enter sends once). */
  sendingRef: RefObject<boolean>;
  /** Follows an answer as it is written (useAnswerStreams.ts). */
  follow: (messageId: string) => void;
}

/** A plan's refusal shows the upgrade notice; anything else a toast, with the server's reason if it gave one. */
export function showRefusal(
  dispatch: SessionCore['dispatch'],
  error: unknown,
  title: string,
  fallback: string,
  explain = (reason: string) => reason,
) {
  const failure = readApiFailure(error);
  if (failure.kind === 'rejected' && failure.code === 'PAYMENT_REQUIRED') {
    dispatch({
      type: 'upgradeShown',
      upgrade: { message: failure.message, url: failure.upgradeUrl ?? '/plans', feature: failure.feature },
    });
  } else {
    notifyError(title, failure.kind === 'rejected' ? explain(failure.message) : fallback);
  }
}
