import { graphql } from '../../graphql/__generated__';

/** Everything the app shows about the signed-in person; shared so every query fills one cache entry. */
export const ViewerFields = graphql(`
  fragment ViewerFields on User {
    id
    username
    email
    displayName
    avatar
    bio
    points
    createdAt
    lastActive
    emailVerified
    passwordChangedAt
    role
  }
`);

export const MeQuery = graphql(`
  query Me {
    me {
      ...ViewerFields
    }
  }
`);

/** Why moderators hid the viewer's display name and picture from others (null while shown): the profile page says so. */
export const ProfileVisibilityQuery = graphql(`
  query ProfileVisibility {
    me {
      id
      profileHiddenReason
    }
  }
`);

/** What every way of signing in answers (login, its second step, registration): one selection for all three. */
export const AuthPayloadFields = graphql(`
  fragment AuthPayloadFields on AuthPayload {
    user {
      ...ViewerFields
    }
    twoFactorRequired
    methods
  }
`);

export const LoginMutation = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      ...AuthPayloadFields
    }
  }
`);

export const LoginSecondFactorMutation = graphql(`
  mutation LoginSecondFactor($code: String!) {
    loginSecondFactor(code: $code) {
      ...AuthPayloadFields
    }
  }
`);

export const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      ...AuthPayloadFields
    }
  }
`);

export const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

export const UpdateProfileMutation = graphql(`
  mutation UpdateProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      ...ViewerFields
    }
  }
`);

export const UserSettingsFields = graphql(`
  fragment UserSettingsFields on UserSettings {
    theme
    darkMode
    allowNotifications
    enableSounds
    enableStreaming
    memoryEnabled
    language
}
`);

export const MySettingsQuery = graphql(`
  query MySettings {
    mySettings {
      ...UserSettingsFields
    }
  }
`);

export const UpdateSettingsMutation = graphql(`
  mutation UpdateSettings($input: UserSettingsInput!) {
    updateSettings(input: $input) {
      ...UserSettingsFields
    }
  }
`);
