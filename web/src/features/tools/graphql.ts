import { graphql } from '../../graphql/__generated__';

/** Tools over MCP (schema/tools.graphql): the person's MCP servers, and an answer's tool calls. */

export const McpServerFields = graphql(`
  fragment McpServerFields on McpServer {
    id
    name
    url
    tokenHint
    trustedTools
    oauthSignedIn
    createdAt
  }
`);

export const McpServersQuery = graphql(`
  query McpServers {
    mcpServers {
      ...McpServerFields
    }
  }
`);

export const McpServerToolsQuery = graphql(`
  query McpServerTools($id: ID!) {
    mcpServerTools(id: $id) {
      name
      description
    }
  }
`);

export const CreateMcpServerMutation = graphql(`
  mutation CreateMcpServer($input: CreateMcpServerInput!) {
    createMcpServer(input: $input) {
      ...McpServerFields
    }
  }
`);

export const UpdateMcpServerMutation = graphql(`
  mutation UpdateMcpServer($id: ID!, $input: UpdateMcpServerInput!) {
    updateMcpServer(id: $id, input: $input) {
      ...McpServerFields
    }
  }
`);

export const AuthorizeMcpServerMutation = graphql(`
  mutation AuthorizeMcpServer($id: ID!) {
    authorizeMcpServer(id: $id) {
      authorizationUrl
      authorized
    }
  }
`);

export const DeleteMcpServerMutation = graphql(`
  mutation DeleteMcpServer($id: ID!) {
    deleteMcpServer(id: $id)
  }
`);

export const ToolCallFields = graphql(`
  fragment ToolCallFields on ToolCall {
    id
    messageId
    serverName
    tool
    arguments
    status
    result
  }
`);

export const AnswerToolCallsSubscription = graphql(`
  subscription AnswerToolCalls($messageId: ID!) {
    answerToolCalls(messageId: $messageId) {
      ...ToolCallFields
    }
  }
`);

export const ApproveToolCallMutation = graphql(`
  mutation ApproveToolCall($id: ID!, $trust: Boolean) {
    approveToolCall(id: $id, trust: $trust) {
      ...ToolCallFields
    }
  }
`);

export const RefuseToolCallMutation = graphql(`
  mutation RefuseToolCall($id: ID!) {
    refuseToolCall(id: $id) {
      ...ToolCallFields
    }
  }
`);
