import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import type { SocialEventsSubscription as SocialEventData } from '../../../graphql/__generated__/graphql';
import { SocialEventsSubscription } from '../graphql';

export type SocialEvent = SocialEventData['socialEvents'];

/**
 * Follows the signed-in user's live friend and message events (graphql-ws). After a dropped
 * socket it subscribes again and calls `onResubscribe`, so the page can refetch what it missed.
 */
export function useSocialEvents(onEvent: (event: SocialEvent) => void, onResubscribe?: () => void) {
  const client = useApolloClient();
  const handlers = useRef({ onEvent, onResubscribe });
  handlers.current = { onEvent, onResubscribe };

  useEffect(() => {
    let stopped = false;
    let retry: number | undefined;
    let subscription: { unsubscribe(): void } | undefined;
    const start = (again: boolean) => {
      if (stopped) return;
      if (again) handlers.current.onResubscribe?.();
      subscription = client
        .subscribe({ query: SocialEventsSubscription, fetchPolicy: 'no-cache' })
        .subscribe({
          next: (result) => {
            const event = result.data?.socialEvents;
            if (event) handlers.current.onEvent(event);
            else if (result.error) restart();
          },
          error: () => restart(),
          complete: () => restart(),
        });
    };
    const restart = () => {
      subscription?.unsubscribe();
      if (stopped) return;
      window.clearTimeout(retry);
      retry = window.setTimeout(() => start(true), 2000);
    };
    start(false);
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      subscription?.unsubscribe();
    };
  }, [client]);
}
