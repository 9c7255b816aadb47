import { graphql } from '../../graphql/__generated__';

/** Custom assistants (schema/assistants.graphql). */

export const CustomAssistantFieldsFragment = graphql(`
  fragment CustomAssistantFields on CustomAssistant {
    id
    name
    handle
    color
    description
    instructions
    model
    visibility
    starters
    fileIds
    toolServerIds
    mine
    copiedFrom
    uses
    owner {
      username
      displayName
    }
    updatedAt
  }
`);

export const CustomAssistantsQuery = graphql(`
  query CustomAssistants {
    customAssistants {
      ...CustomAssistantFields
    }
  }
`);

export const AssistantDirectoryQuery = graphql(`
  query AssistantDirectory($cursor: String, $q: String) {
    assistantDirectory(cursor: $cursor, q: $q) {
      assistants {
        ...CustomAssistantFields
      }
      nextCursor
    }
  }
`);

export const CreateCustomAssistantMutation = graphql(`
  mutation CreateCustomAssistant($input: CreateCustomAssistantInput!) {
    createCustomAssistant(input: $input) {
      ...CustomAssistantFields
    }
  }
`);

export const UpdateCustomAssistantMutation = graphql(`
  mutation UpdateCustomAssistant($id: ID!, $input: UpdateCustomAssistantInput!) {
    updateCustomAssistant(id: $id, input: $input) {
      ...CustomAssistantFields
    }
  }
`);

export const DeleteCustomAssistantMutation = graphql(`
  mutation DeleteCustomAssistant($id: ID!) {
    deleteCustomAssistant(id: $id)
  }
`);

export const CopyCustomAssistantMutation = graphql(`
  mutation CopyCustomAssistant($id: ID!) {
    copyCustomAssistant(id: $id) {
      ...CustomAssistantFields
    }
  }
`);

/** The knowledge files one may attach: the first page of My Files (the api takes 10 at most). */
export const KnowledgeFileChoicesQuery = graphql(`
  query KnowledgeFileChoices {
    filePage(first: 50) {
      files {
        id
        name
        contentType
      }
      nextCursor
    }
  }
`);

/** The person's MCP servers (features/tools), offered as an assistant's tools. */
export const ToolServerChoicesQuery = graphql(`
  query ToolServerChoices {
    mcpServers {
      id
      name
    }
  }
`);
