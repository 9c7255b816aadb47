/**
 * The four use-case pages, one route each (AppRoutes.tsx); apart from their copy (useCases.ts) so
 * the routes know them without loading it.
 */
export const USE_CASE_PATHS = [
  '/ai-chatbot-for-schoolwork',
  '/ai-content-rewriter',
  '/ai-life-coach-chatbot',
  '/ai-chatbot-for-business',
] as const;

export type UseCasePath = (typeof USE_CASE_PATHS)[number];
