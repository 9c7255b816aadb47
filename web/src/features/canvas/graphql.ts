import { graphql } from '../../graphql/__generated__';

export const DocumentFields = graphql(`
  fragment DocumentFields on Document {
    id
    chatId
    title
    kind
    language
    content
    version
    updatedAt
  }
`);

export const ChatDocumentsQuery = graphql(`
  query ChatDocuments($chatId: ID!) {
    chat(id: $chatId) {
      id
      documents {
        ...DocumentFields
      }
    }
  }
`);

export const DocumentQuery = graphql(`
  query CanvasDocument($id: ID!) {
    document(id: $id) {
      ...DocumentFields
    }
  }
`);

export const DocumentVersionsQuery = graphql(`
  query DocumentVersions($id: ID!, $limit: Int) {
    documentVersions(id: $id, limit: $limit) {
      version
      title
      content
      source
      createdAt
    }
  }
`);

export const CreateDocumentMutation = graphql(`
  mutation CreateDocument($input: CreateDocumentInput!) {
    createDocument(input: $input) {
      ...DocumentFields
    }
  }
`);

export const SaveDocumentMutation = graphql(`
  mutation SaveDocument($id: ID!, $content: String!, $baseVersion: Int!, $title: String, $reason: String) {
    saveDocument(id: $id, content: $content, baseVersion: $baseVersion, title: $title, reason: $reason) {
      ...DocumentFields
    }
  }
`);

export const RestoreDocumentVersionMutation = graphql(`
  mutation RestoreDocumentVersion($id: ID!, $version: Int!, $baseVersion: Int) {
    restoreDocumentVersion(id: $id, version: $version, baseVersion: $baseVersion) {
      ...DocumentFields
    }
  }
`);

export const DeleteDocumentMutation = graphql(`
  mutation DeleteDocument($id: ID!) {
    deleteDocument(id: $id)
  }
`);

export const RewriteSelectionSubscription = graphql(`
  subscription RewriteSelection(
    $id: ID!
    $start: Int!
    $end: Int!
    $instruction: String!
    $assistant: String
    $baseVersion: Int
  ) {
    rewriteSelection(
      id: $id
      start: $start
      end: $end
      instruction: $instruction
      assistant: $assistant
      baseVersion: $baseVersion
    ) {
      delta
      proposal {
        start
        end
        text
        model
        offline
      }
    }
  }
`);
