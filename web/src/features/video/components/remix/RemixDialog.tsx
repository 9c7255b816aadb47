import { ApolloProvider } from '@apollo/client/react';
import { apolloClient } from '../../../../app/apollo';
import { VideoDialog } from '../VideoDialog';
// The signed-in app's recipes (the dialog's, the switch's, the select's…): a public page has only its own.
import '../../../../theme/appRecipes';

/**
 * The video dialog on a public video's page ("Make one like this"). That page is drawn outside the
 * app's Apollo layout (app/AppRoutes.tsx, so its first load has no Apollo), hence the provider here,
 * in this lazily loaded chunk, with the recipes ApolloOutlet would have registered.
 */
export default function RemixDialog({
  prompt,
  remixOf,
  poster,
  onClose,
}: {
  prompt: string;
  remixOf: string;
  /** The original's poster, the start picture where the chosen model takes one. */
  poster: string | null;
  onClose: () => void;
}) {
  return (
    <ApolloProvider client={apolloClient}>
      <VideoDialog prompt={prompt} remixOf={remixOf} remixPoster={poster} onClose={onClose} />
    </ApolloProvider>
  );
}
