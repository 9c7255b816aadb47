/**
 * The promise's value if it settles within `ms`, else null (also when it fails). The promise itself
 * runs on: a send asks its provider without the memories that missed their budget, and still
 * learns from their lookup afterwards (answerStream.ts, finish.ts).
 */
export function withinBudget<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}
