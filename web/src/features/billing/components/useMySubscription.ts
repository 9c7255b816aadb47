import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MySubscriptionQuery } from '../graphql';

/** Spec §9: the subscription query is retried up to 2 times before the page shows its alert. */
const RETRIES = 2;

export function useMySubscription() {
  const query = useQuery(MySubscriptionQuery);
  const [retrying, setRetrying] = useState(false);
  const [failed, setFailed] = useState(false);
  const running = useRef(false);
  const { error, refetch } = query;

  const retryLoop = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setRetrying(true);
    let ok = false;
    for (let attempt = 1; attempt <= RETRIES && !ok; attempt++) {
      await new Promise((resolve) => window.setTimeout(resolve, 400 * attempt));
      try {
        const result = await refetch();
        ok = !result.error;
      } catch {
        ok = false;
      }
    }
    running.current = false;
    setRetrying(false);
    setFailed(!ok);
  }, [refetch]);

  useEffect(() => {
    if (error && !failed) void retryLoop();
  }, [error, failed, retryLoop]);

  return {
    subscription: query.data?.mySubscription,
    loading: !query.data && !failed && (query.loading || retrying || Boolean(error)),
    failed: failed && !query.data,
    retry: () => {
      setFailed(false);
      refetch().catch(() => undefined);
    },
    refetch,
  };
}
