import { graphql } from './__generated__';

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

export const StripeConfigQuery = graphql(`
  query StripeConfig {
    stripeConfig {
      publishableKey
      mode
    }
  }
`);

export const CreateCheckoutSessionMutation = graphql(`
  mutation CreateCheckoutSession($planType: String!, $from: String) {
    createCheckoutSession(planType: $planType, from: $from) {
      sessionId
      url
      portal
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
