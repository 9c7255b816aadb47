/**
 * The signed-in person's pages, in the order the user menu lists them. Community Videos is public,
 * not an account page, so the account pages' side menu (SideNavFrame.tsx) leaves it out.
 */
export const USER_PAGES = [
  { label: 'My Profile', to: '/profile', account: true },
  { label: 'My Plan', to: '/plans', account: true },
  // Prompts, tokens, videos and storage a month (features/usage/pages/UsagePage.tsx).
  { label: 'Usage', to: '/usage', account: true },
  { label: 'My Files', to: '/files', account: true },
  // Saved prompts, inserted with / in the chat (features/prompts/pages/PromptsPage.tsx).
  { label: 'Prompts', to: '/prompts', account: true },
  // Custom assistants, named with @handle in the chat (features/assistants/pages/AssistantsPage.tsx).
  { label: 'Assistants', to: '/assistants', account: true },
  { label: 'My Gallery', to: '/gallery', account: true },
  // Community videos you liked (features/video/pages/LikedVideosPage.tsx).
  { label: 'Liked Videos', to: '/liked', account: true },
  // Your votes on compares (features/compare/pages/LeaderboardPage.tsx, drawn by AccountLayout).
  { label: 'Leaderboard', to: '/leaderboard', account: true },
  { label: 'Community Videos', to: '/community-videos', account: false },
  { label: 'Friends', to: '/friends', account: true },
  { label: 'Messages', to: '/messages', account: true },
  { label: 'Invite Friends', to: '/invitations', account: true },
  // MCP servers whose tools answers may call (features/tools/pages/ToolsPage.tsx).
  { label: 'Tools (MCP)', to: '/settings/tools', account: true },
  { label: 'Settings', to: '/settings', account: true },
] as const;

export const ACCOUNT_PAGES = USER_PAGES.filter((page) => page.account);
