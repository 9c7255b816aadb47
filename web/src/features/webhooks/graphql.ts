import { graphql } from '../../graphql/__generated__';

/** Outgoing webhooks (schema/webhooks.graphql): the signed-in person's endpoints and their deliveries. */

export const WebhookEndpointFields = graphql(`
  fragment WebhookEndpointFields on WebhookEndpoint {
    id
    url
    description
    events
    secretHint
    createdAt
  }
`);

export const WebhookDeliveryFields = graphql(`
  fragment WebhookDeliveryFields on WebhookDelivery {
    id
    endpointId
    type
    status
    attempts
    lastStatusCode
    lastError
    nextAttemptAt
    createdAt
    attemptLog {
      attempt
      statusCode
      durationMs
      error
      createdAt
    }
  }
`);

export const WebhookEndpointsQuery = graphql(`
  query WebhookEndpoints {
    webhookEndpoints {
      ...WebhookEndpointFields
    }
  }
`);

export const WebhookDeliveriesQuery = graphql(`
  query WebhookDeliveries($id: ID!, $first: Int!, $after: String) {
    webhookEndpoint(id: $id) {
      id
      deliveries(first: $first, after: $after) {
        deliveries {
          ...WebhookDeliveryFields
        }
        nextCursor
      }
    }
  }
`);

export const CreateWebhookEndpointMutation = graphql(`
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      endpoint {
        ...WebhookEndpointFields
      }
      secret
    }
  }
`);

export const DeleteWebhookEndpointMutation = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id)
  }
`);

export const SendWebhookTestMutation = graphql(`
  mutation SendWebhookTest($id: ID!) {
    sendWebhookTest(id: $id) {
      ...WebhookDeliveryFields
    }
  }
`);
