import { t } from './i18n';

/**
 * Why an upload (an XMLHttpRequest, the only way to show upload progress) did not go through: the
 * server's own reason when it gave one as JSON `{ message }`, else a generic line. `whatFor` finishes
 * "Sign in again to …" (in the app's language) for a session that ended mid-upload, so the line names what the person was doing.
 */
export function uploadRefusal(xhr: XMLHttpRequest, whatFor: string): string {
  if (xhr.status === 401) return t('Your session has ended. Sign in again to {whatFor}.', { whatFor });
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON (a proxy's error page, an empty body): the generic reason below.
  }
  return t('The upload failed. Please try again.');
}
