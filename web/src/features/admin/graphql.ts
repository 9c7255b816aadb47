import { graphql } from '../../graphql/__generated__';

/** The admin console's operations (schema/admin.graphql and moderation.graphql); the server checks the role of each. */

export const AdminUserFields = graphql(`
  fragment AdminUserFields on AdminUser {
    id
    username
    email
    emailVerified
    role
    status
    suspendedUntil
    restrictionReason
    plan
    promptsUsed
    imagesUsed
    videosUsed
    storageBytes
    createdAt
    lastActive
  }
`);

export const AdminUsersQuery = graphql(`
  query AdminUsers($search: String, $role: String, $status: String, $after: String) {
    admin {
      users(search: $search, role: $role, status: $status, first: 25, after: $after) {
        users {
          ...AdminUserFields
        }
        nextCursor
      }
    }
  }
`);

export const AdminUserQuery = graphql(`
  query AdminUser($id: ID!) {
    admin {
      user(id: $id) {
        ...AdminUserFields
      }
    }
  }
`);

export const SetRoleMutation = graphql(`
  mutation AdminSetRole($username: String!, $role: String!, $reason: String) {
    setRole(username: $username, role: $role, reason: $reason) {
      id
      role
    }
  }
`);

export const ResendVerificationMutation = graphql(`
  mutation AdminResendVerification($userId: ID!) {
    resendVerification(userId: $userId)
  }
`);

export const EndUserSessionsMutation = graphql(`
  mutation AdminEndUserSessions($userId: ID!, $reason: String) {
    endUserSessions(userId: $userId, reason: $reason)
  }
`);

export const PlanLimitsQuery = graphql(`
  query AdminPlanLimits {
    admin {
      planLimits {
        planType
        feature
        monthlyLimit
      }
    }
  }
`);

export const SetPlanLimitMutation = graphql(`
  mutation AdminSetPlanLimit($planType: String!, $feature: String!, $monthlyLimit: Int) {
    setPlanLimit(planType: $planType, feature: $feature, monthlyLimit: $monthlyLimit) {
      planType
      feature
      monthlyLimit
    }
  }
`);

export const AuditLogQuery = graphql(`
  query AdminAuditLog($filter: AuditFilter, $after: String) {
    admin {
      auditLog(filter: $filter, first: 30, after: $after) {
        entries {
          id
          createdAt
          actor
          action
          targetType
          targetId
          reason
          details
        }
        nextCursor
      }
    }
  }
`);

export const JobsQuery = graphql(`
  query AdminJobs($after: String) {
    admin {
      jobs {
        depth {
          task
          waiting
          running
          failed
        }
        failed(first: 20, after: $after) {
          jobs {
            id
            task
            attempts
            maxAttempts
            lastError
            createdAt
            updatedAt
          }
          nextCursor
        }
      }
    }
  }
`);

export const RetryJobMutation = graphql(`
  mutation AdminRetryJob($id: ID!) {
    retryJob(id: $id)
  }
`);

export const DeleteJobMutation = graphql(`
  mutation AdminDeleteJob($id: ID!) {
    deleteJob(id: $id)
  }
`);

export const ProvidersQuery = graphql(`
  query AdminProviders {
    admin {
      providers {
        kind
        name
        requests
        errors
        avgFirstMs
        avgTotalMs
        lastError
        lastErrorAt
      }
    }
  }
`);

export const NumbersQuery = graphql(`
  query AdminNumbers($days: Int) {
    admin {
      numbers(days: $days) {
        days {
          day
          signups
          prompts
          videos
          revenueCents
        }
        totals {
          day
          signups
          prompts
          videos
          revenueCents
        }
        recurringMonthlyCents
        payingUsers
        note
      }
    }
  }
`);

export const BanUserMutation = graphql(`
  mutation AdminBanUser($userId: ID!, $reason: String!) {
    banUser(userId: $userId, reason: $reason) {
      id
      status
    }
  }
`);

export const SuspendUserMutation = graphql(`
  mutation AdminSuspendUser($userId: ID!, $hours: Int!, $reason: String!) {
    suspendUser(userId: $userId, hours: $hours, reason: $reason) {
      id
      status
    }
  }
`);

export const UnbanUserMutation = graphql(`
  mutation AdminUnbanUser($userId: ID!, $reason: String) {
    unbanUser(userId: $userId, reason: $reason) {
      id
      status
    }
  }
`);
