import { useCallback, useRef, useState } from 'react';
import { DEFAULT_ASSISTANT_ID } from './assistants';

/**
 * The assistant shown in the composer, and the one to go back to when a command typed or picked
 * since is refused, or its video dialog closes: "@video …" or a refused "@image …" must not leave
 * the chat on that assistant, or the next plain message makes another video or fails again.
 */
export function useModelChoice() {
  const [currentModel, setCurrentModel] = useState(DEFAULT_ASSISTANT_ID);
  const currentModelRef = useRef(DEFAULT_ASSISTANT_ID);
  const returnToRef = useRef<string | null>(null);

  const showModel = useCallback((id: string) => {
    currentModelRef.current = id;
    setCurrentModel(id);
  }, []);

  /** The chat is on this assistant (loaded, sent to, chosen in the list): nothing to go back to. */
  const settleModel = useCallback(
    (id: string) => {
      showModel(id);
      returnToRef.current = null;
    },
    [showModel],
  );

  /** A command typed or picked: shown at once, undone if what it starts is refused or closed. */
  const switchModel = useCallback(
    (id: string) => {
      if (id === currentModelRef.current) return;
      if (returnToRef.current === null) returnToRef.current = currentModelRef.current;
      showModel(id);
    },
    [showModel],
  );

  /** Back to the assistant before the pending command, if there is one. */
  const revertModel = useCallback(() => {
    const back = returnToRef.current;
    returnToRef.current = null;
    if (back !== null) showModel(back);
  }, [showModel]);

  /**
   * A message asked of `asked` was answered by `used`: unless another command has been typed
   * meanwhile, the chat is now on the assistant that answered.
   */
  const answered = useCallback(
    (asked: string, used: string) => {
      if (currentModelRef.current === asked) settleModel(used);
      else if (returnToRef.current !== null) returnToRef.current = used;
    },
    [settleModel],
  );

  /** A message asked of `asked` was refused ("@image" on a free plan): back to the assistant it was on. */
  const refused = useCallback(
    (asked: string) => {
      if (currentModelRef.current === asked) revertModel();
    },
    [revertModel],
  );

  return { currentModel, settleModel, switchModel, revertModel, answered, refused };
}
