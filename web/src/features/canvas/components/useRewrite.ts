import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Subscription } from 'rxjs';
import { t } from '../../../lib/i18n';
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

type Client = ReturnType<typeof useApolloClient>;

/**
 * Asks for one rewrite (the rewriteSelection subscription: deltas, then the proposal) and reports
 * each change of it; returns how to stop listening.
 */
function runRewrite(
  client: Client,
  request: RewriteRequest,
  update: (change: (current: PendingProposal) => PendingProposal) => void,
): () => void {
  let finished = false;
  let subscription: Subscription | null = null;
  const fail = (error: unknown) => {
    finished = true;
    update((current) => ({
      ...current,
      done: true,
      error: failureMessage(error, t('The rewrite failed. Please try again.')),
    }));
  };
  subscription = client
    .subscribe({
      query: RewriteSelectionSubscription,
      variables: {
        id: request.documentId,
        start: request.start,
        end: request.end,
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
          update((current) => ({
            ...current,
            start: done.start,
            end: done.end,
            text: done.text,
            done: true,
            model: done.model,
            offline: done.offline,
          }));
        } else if (event.delta) {
          const delta = event.delta;
          update((current) => ({ ...current, text: current.text + delta }));
        }
      },
      error: (error: unknown) => {
        if (!finished) fail(error);
      },
      complete: () => {
        if (!finished) fail(new Error('The rewrite ended before it was done'));
      },
    });
  return () => subscription?.unsubscribe();
}

const pending = (request: RewriteRequest): PendingProposal => ({
  start: request.start,
  end: request.end,
  original: request.content.slice(request.start, request.end),
  text: '',
  done: false,
  model: request.assistant,
  offline: false,
  error: null,
});

/**
 * An assistant's rewrite of a selection as it is written. Nothing is applied: the panel saves it when
 * the user accepts.
 */
export function useRewrite() {
  const client = useApolloClient();
  const [proposal, setProposal] = useState<PendingProposal | null>(null);
  const stop = useRef<(() => void) | null>(null);

  const cancel = useCallback(() => {
    stop.current?.();
    stop.current = null;
    setProposal(null);
  }, []);

  useEffect(() => () => stop.current?.(), []);

  const start = useCallback(
    (request: RewriteRequest) => {
      stop.current?.();
      setProposal(pending(request));
      stop.current = runRewrite(client, request, (change) =>
        setProposal((current) => (current ? change(current) : current)),
      );
    },
    [client],
  );

  return { proposal, start, cancel };
}

/** The same selection rewritten by several assistants at once ("Rewrite with…"), side by side. */
export function useRewrites() {
  const client = useApolloClient();
  const [proposals, setProposals] = useState<PendingProposal[]>([]);
  const stops = useRef<(() => void)[]>([]);

  const cancel = useCallback(() => {
    for (const stop of stops.current) stop();
    stops.current = [];
    setProposals([]);
  }, []);

  useEffect(
    () => () => {
      for (const stop of stops.current) stop();
    },
    [],
  );

  const start = useCallback(
    (requests: readonly RewriteRequest[]) => {
      for (const stop of stops.current) stop();
      setProposals(requests.map(pending));
      stops.current = requests.map((request, index) =>
        runRewrite(client, request, (change) =>
          setProposals((current) => current.map((p, i) => (i === index ? change(p) : p))),
        ),
      );
    },
    [client],
  );

  return { proposals, start, cancel };
}
