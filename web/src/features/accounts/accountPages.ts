import { msg } from '../../lib/i18n';

/**
 * The signed-in person's pages, in the order the user menu lists them. Community Videos is public,
 * not an account page, so the account pages' side menu (SideNavFrame.tsx) leaves it out.
 */
export const USER_PAGES = [
  { label: msg('My Profile'), to: '/profile', account: true },
  { label: msg('My Plan'), to: '/plans', account: true },
  // Prompts, tokens, videos and storage a month (features/usage/pages/UsagePage.tsx).
  { label: msg('Usage'), to: '/usage', account: true },
  { label: msg('My Files'), to: '/files', account: true },
  // Saved prompts, inserted with / in the chat (features/prompts/pages/PromptsPage.tsx).
  { label: msg('Prompts'), to: '/prompts', account: true },
  // Custom assistants, named with @handle in the chat (features/assistants/pages/AssistantsPage.tsx).
  { label: msg('Assistants'), to: '/assistants', account: true },
  { label: msg('My Gallery'), to: '/gallery', account: true },
  // Community videos you liked (features/video/pages/LikedVideosPage.tsx).
  { label: msg('Liked Videos'), to: '/liked', account: true },
  // Your votes on compares (features/compare/pages/LeaderboardPage.tsx, drawn by AccountLayout).
  { label: msg('Leaderboard'), to: '/leaderboard', account: true },
  { label: msg('Community Videos'), to: '/community-videos', account: false },
  { label: msg('Friends'), to: '/friends', account: true },
  { label: msg('Messages'), to: '/messages', account: true },
  { label: msg('Invite Friends'), to: '/invitations', account: true },
  // MCP servers whose tools answers may call (features/tools/pages/ToolsPage.tsx).
  { label: msg('Tools (MCP)'), to: '/settings/tools', account: true },
  { label: msg('Settings'), to: '/settings', account: true },
] as const;

export const ACCOUNT_PAGES = USER_PAGES.filter((page) => page.account);
