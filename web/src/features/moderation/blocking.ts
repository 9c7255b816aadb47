import { notifyError, notifySuccess } from '../../components/toaster';
import { apiFetch, apiPost } from '../../lib/api';
import { t } from '../../lib/i18n';

/**
 * Blocking and unblocking someone (POST|DELETE /api/users/{username}/block, api/src/modules/moderation
 * core/blocks.ts), with the toast that says what it did. True when it worked.
 */
export async function setBlocked(username: string, blocked: boolean): Promise<boolean> {
  const path = `/api/users/${encodeURIComponent(username)}/block`;
  try {
    if (blocked) await apiPost(path);
    else await apiFetch(path, { method: 'DELETE' });
  } catch {
    notifyError(
      t('Error'),
      blocked
        ? t('Could not block @{username}', { username })
        : t('Could not unblock @{username}', { username }),
    );
    return false;
  }
  if (blocked)
    notifySuccess(
      t('Blocked'),
      t("You won't see @{username}'s videos or messages, and they can't message you.", { username }),
    );
  else notifySuccess(t('Unblocked'), t('@{username} can send you a friend request again.', { username }));
  return true;
}
