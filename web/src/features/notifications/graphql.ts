import { graphql } from '../../graphql/__generated__';

/** The bell and /notifications (schema/notifications.graphql). */

export const NotificationsQuery = graphql(`
  query Notifications($first: Int, $after: String) {
    notifications(first: $first, after: $after) {
      notifications {
        id
        kind
        targetType
        targetId
        count
        data
        createdAt
        readAt
        actor {
          username
          displayName
          avatar
        }
      }
      nextCursor
      unread
    }
  }
`);

export const MarkNotificationsReadMutation = graphql(`
  mutation MarkNotificationsRead($ids: [ID!]) {
    markNotificationsRead(ids: $ids)
  }
`);

export const UnreadNotificationsSubscription = graphql(`
  subscription UnreadNotifications {
    unreadNotifications
  }
`);

export const NotificationSettingsQuery = graphql(`
  query NotificationSettings {
    notificationSettings {
      kinds
      muted
    }
  }
`);

export const SetMutedNotificationsMutation = graphql(`
  mutation SetMutedNotifications($muted: [String!]!) {
    setMutedNotifications(muted: $muted) {
      kinds
      muted
    }
  }
`);

export const NotificationAddedSubscription = graphql(`
  subscription NotificationAdded {
    notificationAdded {
      id
      kind
      targetType
      targetId
      count
      data
      actor {
        username
        displayName
      }
    }
  }
`);
