import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notifyError } from '../../../components/toaster';
import { ChatFilesQuery, SetChatFilesMutation } from '../graphql';

/** A file of My Files the chat reads, as its chip names it. */
export interface PickedFile {
  id: string;
  name: string;
}

/** What a prompt is grounded in: sent with it as `fileIds`, `keepFiles` and `webSearch` (sendMessage). */
export interface Grounding {
  fileIds: readonly string[];
  /** The chat keeps `fileIds` for its next prompts (a new chat's first prompt). */
  keepFiles?: boolean;
  webSearch: boolean;
}

/** Most files a chat reads (the api's limit). */
export const MAX_FILES = 20;

const NONE: readonly PickedFile[] = [];

/**
 * The files a chat reads and the "Search the web" switch. The files are the chat's, kept by the
 * server (Chat.files, setChatFiles), so every prompt of it, on any device, is answered from them until
 * they are removed. A chat not created yet holds them here until its first prompt, which keeps them
 * (`keepFiles`). The web switch is for one message and turns off once it is sent.
 */
export function useGrounding(chatId: string | null) {
  const known = useQuery(ChatFilesQuery, {
    variables: { id: chatId ?? '' },
    skip: !chatId,
    fetchPolicy: 'cache-first',
  });
  const [setChatFiles] = useMutation(SetChatFilesMutation);
  // Files picked before the chat exists; shown until the created chat's own list has loaded.
  const [draft, setDraft] = useState<readonly PickedFile[]>(NONE);
  const [webSearch, setWebSearch] = useState(false);
  // The My Files picker: opened from a button or the phone's "+" menu, so it lives here, not in either.
  const [picking, setPicking] = useState(false);
  // A new chat gets its id from its first message: that is the same chat, not another.
  const last = useRef(chatId);
  useEffect(() => {
    if (last.current !== null && chatId !== last.current) {
      setDraft(NONE);
      setWebSearch(false);
    }
    last.current = chatId;
  }, [chatId]);
  const saved = chatId ? known.data?.chat?.files : undefined;
  useEffect(() => {
    if (saved) setDraft(NONE);
  }, [saved]);
  const files: readonly PickedFile[] = saved ?? draft;

  const change = useCallback(
    (next: readonly PickedFile[]) => {
      const kept = next.slice(0, MAX_FILES);
      if (!chatId) {
        setDraft(kept);
        return;
      }
      const files = kept.map((f) => ({ id: f.id, name: f.name }));
      setChatFiles({
        variables: { chatId, fileIds: kept.map((f) => f.id) },
        optimisticResponse: { setChatFiles: { id: chatId, files } },
      }).catch((error: unknown) =>
        notifyError("Couldn't change the chat's files", error instanceof Error ? error.message : undefined),
      );
    },
    [chatId, setChatFiles],
  );
  const pick = useCallback((picked: readonly PickedFile[]) => change(picked), [change]);
  const remove = useCallback((id: string) => change(files.filter((f) => f.id !== id)), [change, files]);
  const toggleWeb = useCallback(() => setWebSearch((on) => !on), []);
  const sent = useCallback(() => setWebSearch(false), []);
  const openPicker = useCallback(() => setPicking(true), []);
  const closePicker = useCallback(() => setPicking(false), []);
  // A saved chat's files are read by the server; only a new chat's travel with its first prompt.
  const input = useMemo<Grounding>(
    () =>
      saved || chatId
        ? { fileIds: [], webSearch }
        : { fileIds: draft.map((f) => f.id), keepFiles: true, webSearch },
    [saved, chatId, draft, webSearch],
  );
  return { files, webSearch, pick, remove, toggleWeb, sent, input, picking, openPicker, closePicker };
}

export type GroundingState = ReturnType<typeof useGrounding>;
