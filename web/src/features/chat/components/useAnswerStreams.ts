import { useApolloClient } from '@apollo/client/react';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { Subscription } from 'rxjs';
import { chimeForReply } from '../../notifications/liveAlerts';
import { AnswerStreamSubscription } from '../graphql';
import type { UiMessage } from './chatMessages';

const STREAM_RETRIES = 3;
const LOST_STREAM = 'Lost the connection while this answer was being written. Reload the page to see it.';

/**
 * Follows answers as they are written (the answerStream subscription): a snapshot, then deltas,
 * then `done` with the final text. A dropped stream is resubscribed a few times (its snapshot puts
 * back anything missed); work for a chat the user has left (`generation` moved on) stops.
 */
export function useAnswerStreams(
  generationRef: RefObject<number>,
  patchMessage: (id: string, patch: (message: UiMessage) => UiMessage) => void,
) {
  const client = useApolloClient();
  const streams = useRef(new Map<string, Subscription>());
  const retryTimers = useRef(new Set<number>());

  const stopFollowing = useCallback(() => {
    for (const subscription of streams.current.values()) subscription.unsubscribe();
    streams.current.clear();
    for (const timer of retryTimers.current) window.clearTimeout(timer);
    retryTimers.current.clear();
  }, []);

  useEffect(() => stopFollowing, [stopFollowing]);

  const follow = useCallback(
    (messageId: string, attempt = 0) => {
      streams.current.get(messageId)?.unsubscribe();
      const generation = generationRef.current;
      let finished = false;

      const lost = (error: unknown) => {
        streams.current.delete(messageId);
        if (generation !== generationRef.current) return;
        if (attempt < STREAM_RETRIES) {
          // The snapshot sent on resubscribing puts back anything missed meanwhile.
          const timer = window.setTimeout(
            () => {
              retryTimers.current.delete(timer);
              if (generation === generationRef.current) follow(messageId, attempt + 1);
            },
            500 * (attempt + 1),
          );
          retryTimers.current.add(timer);
          return;
        }
        console.error('Lost the answer stream', error);
        patchMessage(messageId, (message) => ({ ...message, status: 'error', error: LOST_STREAM }));
      };

      let subscription: Subscription | undefined;
      subscription = client
        .subscribe({ query: AnswerStreamSubscription, variables: { messageId }, fetchPolicy: 'no-cache' })
        .subscribe({
          next: (result) => {
            if (finished) return;
            const event = result.data?.answerStream;
            if (result.error || !event) {
              finished = true;
              subscription?.unsubscribe();
              lost(result.error);
              return;
            }
            if (event.kind === 'done') {
              finished = true;
              streams.current.delete(messageId);
              // "Enable Sounds": a reply arrived (notifications/liveAlerts.ts reads the setting).
              if (event.status === 'complete') void chimeForReply();
            }
            patchMessage(messageId, (message) => {
              if (event.kind === 'snapshot') return { ...message, content: event.text, status: 'streaming' };
              if (event.kind === 'delta')
                return { ...message, content: message.content.slice(0, event.offset) + event.text };
              return {
                ...message,
                content: event.text,
                status: event.status,
                error: event.error ?? null,
                tokens: event.tokens ?? null,
                modelName: event.modelName ?? null,
                sources: event.sources ?? message.sources,
              };
            });
          },
          error: (error: unknown) => {
            if (finished) return;
            finished = true;
            lost(error);
          },
          complete: () => {
            if (finished) return;
            finished = true;
            lost(new Error('The answer stream ended before the answer was done'));
          },
        });
      if (!finished) streams.current.set(messageId, subscription);
      else subscription.unsubscribe();
    },
    [client, generationRef, patchMessage],
  );

  return { follow, stopFollowing };
}
