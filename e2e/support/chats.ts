import type { Page } from 'playwright-core';

/**
 * Renames a chat as a person does: its menu in the chat list ("Options for <title>"), Rename, a new
 * title in the dialog, Save; done once the dialog has closed.
 */
export async function renameChat(page: Page, title: string, newTitle: string): Promise<void> {
  await page.getByRole('button', { name: `Options for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename chat' });
  await dialog.getByLabel('Chat title').fill(newTitle);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
