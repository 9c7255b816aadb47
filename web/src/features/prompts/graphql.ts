import { graphql } from '../../graphql/__generated__';

/** Saved prompts (schema/prompts.graphql). */

export const PromptFieldsFragment = graphql(`
  fragment PromptFields on SavedPrompt {
    id
    title
    body
    shared
    variables
    mine
    author {
      username
      displayName
    }
    updatedAt
  }
`);

export const PromptsQuery = graphql(`
  query Prompts {
    prompts {
      ...PromptFields
    }
  }
`);

export const CreatePromptMutation = graphql(`
  mutation CreatePrompt($input: CreatePromptInput!) {
    createPrompt(input: $input) {
      ...PromptFields
    }
  }
`);

export const UpdatePromptMutation = graphql(`
  mutation UpdatePrompt($id: ID!, $input: UpdatePromptInput!) {
    updatePrompt(id: $id, input: $input) {
      ...PromptFields
    }
  }
`);

export const DeletePromptMutation = graphql(`
  mutation DeletePrompt($id: ID!) {
    deletePrompt(id: $id)
  }
`);

export const CopyPromptMutation = graphql(`
  mutation CopyPrompt($id: ID!) {
    copyPrompt(id: $id) {
      ...PromptFields
    }
  }
`);
