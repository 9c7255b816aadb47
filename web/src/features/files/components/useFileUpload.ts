import { useCallback, useRef, useState } from 'react';
import { t } from '../../../lib/i18n';
import { uploadRefusal } from '../../../lib/uploadRefusal';

const UPLOAD_URL = '/api/files';

export interface UploadedFile {
  id: string;
  name: string;
  type: string;
  size: number;
}

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; progress: number }
  | { status: 'failed'; name: string; message: string };

/**
 * One upload to My Files at a time (POST /api/files, multipart field "file"), through
 * XMLHttpRequest because fetch cannot report upload progress. The server decides type, size and
 * quota; its reason is what the user sees when it refuses.
 */
export function useFileUpload() {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const current = useRef<XMLHttpRequest | null>(null);

  const upload = useCallback(
    (file: File) =>
      new Promise<UploadedFile | null>((resolve) => {
        current.current?.abort();
        const xhr = new XMLHttpRequest();
        current.current = xhr;
        setState({ status: 'uploading', name: file.name, progress: 0 });
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable)
            setState({ status: 'uploading', name: file.name, progress: event.loaded / event.total });
        };
        xhr.onload = () => {
          current.current = null;
          if (xhr.status === 201) {
            setState({ status: 'idle' });
            resolve(JSON.parse(xhr.responseText) as UploadedFile);
          } else {
            setState({ status: 'failed', name: file.name, message: uploadRefusal(xhr, t('upload files')) });
            resolve(null);
          }
        };
        xhr.onerror = () => {
          current.current = null;
          setState({
            status: 'failed',
            name: file.name,
            message: t('The upload failed. Check your connection and try again.'),
          });
          resolve(null);
        };
        xhr.onabort = () => resolve(null);
        const form = new FormData();
        form.append('file', file, file.name);
        xhr.open('POST', UPLOAD_URL);
        xhr.withCredentials = true;
        xhr.send(form);
      }),
    [],
  );

  const cancel = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, upload, cancel };
}
