import { graphql } from '../../graphql/__generated__';

/** Personal API tokens (schema/tokens.graphql): a session's only, never a token's. */

export const ApiTokenFields = graphql(`
  fragment ApiTokenFields on ApiToken {
    id
    name
    prefix
    scopes
    createdAt
    expiresAt
    lastUsedAt
    revokedAt
    status
  }
`);

export const ApiTokensQuery = graphql(`
  query ApiTokens {
    apiTokens {
      ...ApiTokenFields
    }
  }
`);

export const CreateApiTokenMutation = graphql(`
  mutation CreateApiToken($input: CreateApiTokenInput!) {
    createApiToken(input: $input) {
      secret
      token {
        ...ApiTokenFields
      }
    }
  }
`);

export const RevokeApiTokenMutation = graphql(`
  mutation RevokeApiToken($id: ID!) {
    revokeApiToken(id: $id) {
      ...ApiTokenFields
    }
  }
`);
