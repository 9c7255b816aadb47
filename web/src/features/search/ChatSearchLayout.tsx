import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { ChatSearchContext } from './chatSearchContext';

// Loaded the first time it opens: the layout itself is in every signed-in page's way.
const SearchDialog = lazy(() => import('./components/SearchDialog'));

/**
 * Layout route around the signed-in pages: Ctrl+K (⌘K on a Mac) opens the chat search from any of
 * them, and buttons reach it through ChatSearchContext.
 */
export function ChatSearchLayout() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const openSearch = useCallback(() => {
    setOpen(true);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() !== 'k' ||
        !(event.ctrlKey || event.metaKey) ||
        event.altKey ||
        event.shiftKey
      )
        return;
      event.preventDefault();
      openSearch();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [openSearch]);

  return (
    <ChatSearchContext.Provider value={openSearch}>
      <Outlet />
      {opened ? (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={close} />
        </Suspense>
      ) : null}
    </ChatSearchContext.Provider>
  );
}
