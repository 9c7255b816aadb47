import { notifyError, notifySuccess } from '../../components/toaster';
import { apiFetch, apiPost } from '../../lib/api';

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
    notifyError('Error', `Could not ${blocked ? 'block' : 'unblock'} @${username}`);
    return false;
  }
  if (blocked)
    notifySuccess('Blocked', `You won't see @${username}'s videos or messages, and they can't message you.`);
  else notifySuccess('Unblocked', `@${username} can send you a friend request again.`);
  return true;
}
