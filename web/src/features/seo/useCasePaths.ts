import { msg } from '../../lib/i18n';

/**
 * The four use-case pages: their routes (AppRoutes.tsx) and the names links give them (the footer,
 * the use-case cards). Apart from their copy (useCases.ts), so the shell knows them without loading it.
 */
export const USE_CASE_PAGES = [
  { path: '/ai-chatbot-for-schoolwork', title: msg('For Students') },
  { path: '/ai-content-rewriter', title: msg('Content Rewriter') },
  { path: '/ai-life-coach-chatbot', title: msg('Life Coach') },
  { path: '/ai-chatbot-for-business', title: msg('For Business') },
] as const;

export type UseCasePath = (typeof USE_CASE_PAGES)[number]['path'];
