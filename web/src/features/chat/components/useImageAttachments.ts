import { useCallback, useEffect, useRef, useState } from 'react';
import { notify, notifyError } from '../../../components/toaster';
import { msg, t } from '../../../lib/i18n';
import { uploadRefusal } from '../../../lib/uploadRefusal';

/** Spec: at most four images go with a message. */
export const MAX_IMAGES = 4;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const UPLOAD_URL = '/api/chat/images';
const ATTACH_FAILED = msg('Could not attach image');

/** An image chosen in the composer: uploading (with progress) until the server gives it an id. */
export interface Attachment {
  key: string;
  name: string;
  /** Object URL of the local file, for the thumbnail. */
  preview: string;
  status: 'uploading' | 'ready';
  /** 0 to 1 while uploading. */
  progress: number;
  /** The server's id and URL, once uploaded. */
  id: string | null;
  url: string | null;
}

/** An uploaded image, as the message that carries it needs it. */
export interface SentImage {
  id: string;
  url: string;
}

interface UploadResponse {
  id: string;
  url: string;
}

let attachmentCounter = 0;

/**
 * The composer's image attachments: each file uploads as soon as it is chosen (POST /api/chat/images),
 * with a local preview meanwhile. Failed uploads drop out with a toast giving the server's reason.
 */
export function useImageAttachments() {
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const requests = useRef(new Map<string, XMLHttpRequest>());
  const previews = useRef(new Map<string, string>());
  const countRef = useRef(0);

  const update = useCallback((key: string, patch: Partial<Attachment>) => {
    setAttachments((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const drop = useCallback((key: string) => {
    requests.current.get(key)?.abort();
    requests.current.delete(key);
    const preview = previews.current.get(key);
    if (preview) URL.revokeObjectURL(preview);
    previews.current.delete(key);
    setAttachments((current) => {
      const next = current.filter((item) => item.key !== key);
      countRef.current = next.length;
      return next;
    });
  }, []);

  const upload = useCallback(
    (key: string, file: File) => {
      const xhr = new XMLHttpRequest();
      requests.current.set(key, xhr);
      xhr.open('POST', UPLOAD_URL);
      xhr.withCredentials = true;
      xhr.responseType = 'text';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) update(key, { progress: event.loaded / event.total });
      };
      xhr.onload = () => {
        requests.current.delete(key);
        if (xhr.status === 201) {
          try {
            const body = JSON.parse(xhr.responseText) as UploadResponse;
            update(key, { status: 'ready', progress: 1, id: body.id, url: body.url });
            return;
          } catch (error) {
            console.error('Unreadable image upload response', error);
          }
        }
        notifyError(t(ATTACH_FAILED), uploadRefusal(xhr, 'attach images'));
        drop(key);
      };
      xhr.onerror = () => {
        requests.current.delete(key);
        notifyError(t(ATTACH_FAILED), t('The upload failed. Check your connection and try again.'));
        drop(key);
      };
      const form = new FormData();
      form.append('image', file, file.name);
      xhr.send(form);
    },
    [drop, update],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const list = [...files];
      if (list.length === 0) return;
      const images = list.filter((file) => (IMAGE_TYPES as readonly string[]).includes(file.type));
      if (images.length < list.length) {
        notifyError(t(ATTACH_FAILED), t('Only PNG, JPEG, GIF and WebP images can be attached'));
      }
      const room = MAX_IMAGES - countRef.current;
      if (images.length > room) {
        notify(
          'info',
          t('At most {count} images per message', { count: MAX_IMAGES }),
          t('The extra images were left out.'),
        );
      }
      const taken = images.slice(0, Math.max(0, room));
      if (taken.length === 0) return;
      const added = taken.map((file): [Attachment, File] => {
        attachmentCounter += 1;
        const key = `image-${attachmentCounter}`;
        const preview = URL.createObjectURL(file);
        previews.current.set(key, preview);
        return [
          {
            key,
            name: file.name || 'pasted image',
            preview,
            status: 'uploading',
            progress: 0,
            id: null,
            url: null,
          },
          file,
        ];
      });
      countRef.current += added.length;
      setAttachments((current) => [...current, ...added.map(([attachment]) => attachment)]);
      for (const [attachment, file] of added) upload(attachment.key, file);
    },
    [upload],
  );

  /** Forgets every attachment (after sending): the uploaded files now belong to the message. */
  const clear = useCallback(() => {
    for (const xhr of requests.current.values()) xhr.abort();
    requests.current.clear();
    for (const preview of previews.current.values()) URL.revokeObjectURL(preview);
    previews.current.clear();
    countRef.current = 0;
    setAttachments([]);
  }, []);

  useEffect(() => clear, [clear]);

  const uploading = attachments.some((item) => item.status === 'uploading');
  const ready: SentImage[] = attachments.flatMap((item) =>
    item.id && item.url ? [{ id: item.id, url: item.url }] : [],
  );

  return { attachments, add, remove: drop, clear, uploading, ready, full: attachments.length >= MAX_IMAGES };
}
