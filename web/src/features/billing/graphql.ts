import { graphql } from '../../graphql/__generated__';

export const SubscriptionFields = graphql(`
  fragment SubscriptionFields on UserSubscription {
    planType
    status
    currentPeriodStart
    currentPeriodEnd
    cancelAtPeriodEnd
    hasBillingAccount
  }
`);

export const MySubscriptionQuery = graphql(`
  query MySubscription {
    mySubscription {
      ...SubscriptionFields
    }
  }
`);

export const ProcessCheckoutSessionMutation = graphql(`
  mutation ProcessCheckoutSession($sessionId: String!) {
    processCheckoutSession(sessionId: $sessionId) {
      success
      message
      subscription {
        ...SubscriptionFields
      }
    }
  }
`);

export const CreatePortalSessionMutation = graphql(`
  mutation CreatePortalSession {
    createPortalSession {
      url
    }
  }
`);
