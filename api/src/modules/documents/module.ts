import { type ChorusModule, defineModule } from '../../http/module.ts';
import { ChatDocument } from './core/ChatDocument.ts';
import { DocumentVersion } from './core/DocumentVersion.ts';
import { documentsResolvers } from './graphql.ts';
import { documentRoutes } from './rest.ts';

/** Typed as the list the ORM reads (as in knowledge/module.ts): the modules list's type stays writable. */
const entities: ChorusModule['entities'] = [ChatDocument, DocumentVersion];

/**
 * Canvas documents of a chat: versions on every saved change, stale saves refused, and a selection
 * rewritten by an assistant as a proposal (counted as a prompt), streamed.
 */
export const documentsModule = defineModule({
  name: 'documents',
  uses: ['accounts', 'chat'],
  entities,
  graphql: {
    sdl: ['documents.graphql'],
    resolvers: [documentsResolvers],
    mappers: {
      Document: './core/ChatDocument.ts#ChatDocument as ChatDocumentEntity',
      DocumentVersion: './core/DocumentVersion.ts#DocumentVersion as DocumentVersionEntity',
    },
  },
  rest: { routes: [documentRoutes] },
});
