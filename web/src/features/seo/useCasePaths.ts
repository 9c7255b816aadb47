/**
 * The four use-case pages: their routes (AppRoutes.tsx) and the names links give them (the footer,
 * the use-case cards). Apart from their copy (useCases.ts), so the shell knows them without loading it.
 */
export const USE_CASE_PAGES = [
  { path: '/ai-chatbot-for-schoolwork', title: 'For Students' },
  { path: '/ai-content-rewriter', title: 'Content Rewriter' },
  { path: '/ai-life-coach-chatbot', title: 'Life Coach' },
  { path: '/ai-chatbot-for-business', title: 'For Business' },
] as const;

export type UseCasePath = (typeof USE_CASE_PAGES)[number]['path'];
