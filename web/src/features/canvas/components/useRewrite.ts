import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Subscription } from 'rxjs';
import { failureMessage } from '../../../lib/mutationToast';
import { RewriteSelectionSubscription } from '../graphql';

export interface PendingProposal {
  start: number;
  end: number;
  /** The selection's text when asked. */
  original: string;
  /** What is written so far; the whole rewrite once `done`. */
  text: string;
  done: boolean;
  model: string | null;
  offline: boolean;
  error: string | null;
}

export interface RewriteRequest {
  documentId: string;
  content: string;
  baseVersion: number;
  start: number;
  end: number;
  instruction: string;
  /** A chat assistant's id; null: the chat's own. */
  assistant: string | null;
}

/**
 * An assistant's rewrite of a selection as it is written (the rewriteSelection subscription: deltas,
 * then the proposal). Nothing is applied: the panel saves it when the user accepts.
 */
export function useRewrite() {
  const client = useApolloClient();
  const [proposal, setProposal] = useState<PendingProposal | null>(null);
  const subscription = useRef<Subscription | null>(null);

  const cancel = useCallback(() => {
    subscription.current?.unsubscribe();
    subscription.current = null;
    setProposal(null);
  }, []);

  useEffect(() => () => subscription.current?.unsubscribe(), []);

  const start = useCallback(
    (request: RewriteRequest) => {
      subscription.current?.unsubscribe();
      const { start: from, end: to } = request;
      setProposal({
        start: from,
        end: to,
        original: request.content.slice(from, to),
        text: '',
        done: false,
        model: null,
        offline: false,
        error: null,
      });
      let finished = false;
      const fail = (error: unknown) => {
        finished = true;
        subscription.current = null;
        setProposal((current) =>
          current
            ? {
                ...current,
                done: true,
                error: failureMessage(error, 'The rewrite failed. Please try again.'),
              }
            : current,
        );
      };
      subscription.current = client
        .subscribe({
          query: RewriteSelectionSubscription,
          variables: {
            id: request.documentId,
            start: from,
            end: to,
            instruction: request.instruction,
            assistant: request.assistant,
            baseVersion: request.baseVersion,
          },
          fetchPolicy: 'no-cache',
        })
        .subscribe({
          next: (result) => {
            if (finished) return;
            const event = result.data?.rewriteSelection;
            if (result.error || !event) {
              fail(result.error);
              return;
            }
            const done = event.proposal;
            if (done) {
              finished = true;
              subscription.current = null;
              setProposal((current) =>
                current
                  ? {
                      ...current,
                      start: done.start,
                      end: done.end,
                      text: done.text,
                      done: true,
                      model: done.model,
                      offline: done.offline,
                    }
                  : current,
              );
            } else if (event.delta) {
              const delta = event.delta;
              setProposal((current) => (current ? { ...current, text: current.text + delta } : current));
            }
          },
          error: (error: unknown) => {
            if (!finished) fail(error);
          },
          complete: () => {
            if (!finished) fail(new Error('The rewrite ended before it was done'));
          },
        });
    },
    [client],
  );

  return { proposal, start, cancel };
}
