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
  }
`);

export const MeQuery = graphql(`
  query Me {
    me {
      ...ViewerFields
    }
  }
`);

export const LoginMutation = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      user {
        ...ViewerFields
      }
      twoFactorRequired
      methods
    }
  }
`);

export const LoginSecondFactorMutation = graphql(`
  mutation LoginSecondFactor($code: String!) {
    loginSecondFactor(code: $code) {
      user {
        ...ViewerFields
      }
    }
  }
`);

export const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      user {
        ...ViewerFields
      }
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
