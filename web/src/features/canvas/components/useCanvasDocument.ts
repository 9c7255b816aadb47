import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentFieldsFragment } from '../../../graphql/__generated__/graphql';
import { readApiFailure } from '../../../graphql/errors';
import { logFailure } from '../../../lib/logFailure';
import { DocumentQuery, RestoreDocumentVersionMutation, SaveDocumentMutation } from '../graphql';

/** How long typing pauses before it is saved. */
const SAVE_AFTER_MS = 800;

export type SaveState = 'saved' | 'saving' | 'unsaved' | 'failed';

/**
 * One open document: its text as typed, saved after a pause from the version it was made from
 * (api `saveDocument`'s baseVersion). When another tab saved first the server refuses (CONFLICT):
 * saving stops and the typed text stays in the editor, to copy, until the user reloads.
 */
export function useCanvasDocument(id: string) {
  const client = useApolloClient();
  const [doc, setDoc] = useState<DocumentFieldsFragment | null>(null);
  const [text, setText] = useState('');
  const [loadFailed, setLoadFailed] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [conflict, setConflict] = useState(false);
  const docRef = useRef<DocumentFieldsFragment | null>(null);
  const textRef = useRef('');
  const conflictRef = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  // Saves run one after another: each names the version the one before it made.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const show = useCallback((next: DocumentFieldsFragment, replaceText: boolean) => {
    docRef.current = next;
    setDoc(next);
    if (replaceText) {
      textRef.current = next.content;
      setText(next.content);
    }
  }, []);

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      const result = await client.query({
        query: DocumentQuery,
        variables: { id },
        fetchPolicy: 'network-only',
      });
      if (!result.data) throw new Error('No document');
      window.clearTimeout(timer.current);
      conflictRef.current = false;
      setConflict(false);
      setSaveState('saved');
      show(result.data.document, true);
    } catch (error) {
      logFailure('Could not load the document', error);
      setLoadFailed(true);
    }
  }, [client, id, show]);

  useEffect(() => {
    docRef.current = null;
    setDoc(null);
    void load();
    return () => window.clearTimeout(timer.current);
  }, [load]);

  const failed = useCallback((error: unknown) => {
    const failure = readApiFailure(error);
    if (failure.kind === 'rejected' && failure.code === 'CONFLICT') {
      conflictRef.current = true;
      setConflict(true);
      setSaveState('unsaved');
    } else {
      logFailure('Could not save the document', error);
      setSaveState('failed');
    }
  }, []);

  /** Saves what is typed now, if it differs from the last saved version. */
  const flush = useCallback((): Promise<unknown> => {
    window.clearTimeout(timer.current);
    queue.current = queue.current.then(async () => {
      const current = docRef.current;
      const content = textRef.current;
      if (!current || conflictRef.current || content === current.content) return;
      setSaveState('saving');
      try {
        const result = await client.mutate({
          mutation: SaveDocumentMutation,
          variables: { id: current.id, content, baseVersion: current.version, reason: 'save' },
        });
        if (result.data) show(result.data.saveDocument, false);
        setSaveState(textRef.current === content ? 'saved' : 'unsaved');
      } catch (error) {
        failed(error);
      }
    });
    return queue.current;
  }, [client, failed, show]);

  const edit = useCallback(
    (next: string) => {
      textRef.current = next;
      setText(next);
      if (conflictRef.current) return;
      setSaveState('unsaved');
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), SAVE_AFTER_MS);
    },
    [flush],
  );

  /** Saves a whole new text (an accepted proposal: reason "rewrite"); resolves true once saved. */
  const saveAs = useCallback(
    async (content: string, reason: string): Promise<boolean> => {
      await flush();
      const current = docRef.current;
      if (!current || conflictRef.current) return false;
      setSaveState('saving');
      try {
        const result = await client.mutate({
          mutation: SaveDocumentMutation,
          variables: { id: current.id, content, baseVersion: current.version, reason },
        });
        if (result.data) show(result.data.saveDocument, true);
        setSaveState('saved');
        return true;
      } catch (error) {
        failed(error);
        return false;
      }
    },
    [client, failed, flush, show],
  );

  const restore = useCallback(
    async (version: number): Promise<boolean> => {
      await flush();
      const current = docRef.current;
      if (!current || conflictRef.current) return false;
      try {
        const result = await client.mutate({
          mutation: RestoreDocumentVersionMutation,
          variables: { id: current.id, version, baseVersion: current.version },
        });
        if (result.data) show(result.data.restoreDocumentVersion, true);
        setSaveState('saved');
        return true;
      } catch (error) {
        failed(error);
        return false;
      }
    },
    [client, failed, flush, show],
  );

  /** The last saved state now (after an awaited flush, where React state is not yet drawn). */
  const current = useCallback(() => docRef.current, []);
  const conflictNow = useCallback(() => conflictRef.current, []);

  return {
    doc,
    text,
    loadFailed,
    saveState,
    conflict,
    load,
    edit,
    flush,
    saveAs,
    restore,
    current,
    conflictNow,
  };
}
