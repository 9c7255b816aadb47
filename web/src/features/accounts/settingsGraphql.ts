import { graphql } from '../../graphql/__generated__';

export const UserSettingsFields = graphql(`
  fragment UserSettingsFields on UserSettings {
    darkMode
    allowNotifications
    enableSounds
    enableStreaming
    memoryEnabled
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
