import { graphql } from '../../graphql/__generated__';

export const MySettingsQuery = graphql(`
  query MySettings {
    mySettings {
      darkMode
      allowNotifications
      enableSounds
      enableStreaming
      memoryEnabled
    }
  }
`);

export const UpdateSettingsMutation = graphql(`
  mutation UpdateSettings($input: UserSettingsInput!) {
    updateSettings(input: $input) {
      darkMode
      allowNotifications
      enableSounds
      enableStreaming
      memoryEnabled
    }
  }
`);
