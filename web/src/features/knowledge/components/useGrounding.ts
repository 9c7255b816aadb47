import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** A file of My Files the chat reads, as its chip names it. */
export interface PickedFile {
  id: string;
  name: string;
}

/** What a prompt is grounded in: sent with it as `fileIds` and `webSearch` (sendMessage). */
export interface Grounding {
  fileIds: readonly string[];
  webSearch: boolean;
}

/** Most files one message may name (the api's limit). */
export const MAX_FILES = 20;

/**
 * The files a chat reads and the "Search the web" switch. Files stay for the chat's next messages
 * until removed (the chat "knows" them); the web switch is for one message and turns off once it is
 * sent. Opening another chat starts with none.
 */
export function useGrounding(chatId: string | null) {
  const [files, setFiles] = useState<readonly PickedFile[]>([]);
  const [webSearch, setWebSearch] = useState(false);
  // A new chat gets its id from its first message: that is the same chat, not another.
  const last = useRef(chatId);
  useEffect(() => {
    if (last.current !== null && chatId !== last.current) {
      setFiles([]);
      setWebSearch(false);
    }
    last.current = chatId;
  }, [chatId]);

  const pick = useCallback((picked: readonly PickedFile[]) => setFiles(picked.slice(0, MAX_FILES)), []);
  const remove = useCallback((id: string) => setFiles((now) => now.filter((f) => f.id !== id)), []);
  const toggleWeb = useCallback(() => setWebSearch((on) => !on), []);
  const sent = useCallback(() => setWebSearch(false), []);
  const input = useMemo<Grounding>(
    () => ({ fileIds: files.map((f) => f.id), webSearch }),
    [files, webSearch],
  );
  return { files, webSearch, pick, remove, toggleWeb, sent, input };
}

export type GroundingState = ReturnType<typeof useGrounding>;
