import { graphql } from '../../graphql/__generated__';

/** The moderation queue (schema/reports.graphql): moderators and admins only, checked on the server. */

export const StaffRoleQuery = graphql(`
  query StaffRole {
    me {
      id
      role
    }
  }
`);

export const ReportQueueQuery = graphql(`
  query ReportQueue($status: String, $first: Int, $after: String) {
    admin {
      reports(status: $status, first: $first, after: $after) {
        groups {
          reportId
          targetType
          targetId
          reporters
          reasons {
            reason
            count
          }
          notes
          firstReportedAt
          lastReportedAt
          hidden
          hiddenReason
          outcome
          outcomeNote
          owner {
            id
            username
          }
          content {
            exists
            title
            text
            imageUrl
            url
          }
        }
        nextCursor
      }
    }
  }
`);

export const ModerateMutation = graphql(`
  mutation Moderate($reportId: ID!, $action: String!, $note: String, $hours: Int) {
    moderate(reportId: $reportId, action: $action, note: $note, hours: $hours) {
      action
      targetType
      targetId
      resolved
    }
  }
`);

/** The Safety page (/settings/safety): the signed-in person's reports with their outcome, and whom they blocked. */

export const MyReportsQuery = graphql(`
  query MyReports($first: Int) {
    myReports(first: $first) {
      id
      targetType
      targetLabel
      reason
      status
      outcome
      createdAt
      resolvedAt
    }
  }
`);

export const BlockedUsersQuery = graphql(`
  query BlockedUsers {
    blockedUsers {
      id
      username
      displayName
      blockedAt
    }
  }
`);

export const UnblockUserMutation = graphql(`
  mutation UnblockUser($username: String!) {
    unblockUser(username: $username) {
      username
      blocked
    }
  }
`);
