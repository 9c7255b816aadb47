import { useMutation, useQuery } from '@apollo/client/react';
import { Box, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { IconType } from 'react-icons';
import {
  LuBell,
  LuChevronRight,
  LuKeyRound,
  LuPalette,
  LuShield,
  LuShieldCheck,
  LuWebhook,
  LuWrench,
} from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifySuccess } from '../../../components/toaster';
import type { UserSettingsInput } from '../../../graphql/__generated__/graphql';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { msg, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { useColorMode } from '../../../theme/ColorModeProvider';
import { MemoriesCard } from '../../memories/components/MemoriesCard';
import { NotificationKindsCard } from '../../notifications/NotificationKindsCard';
import { PermissionNote, usePermissionRequest } from '../../notifications/PermissionNote';
import { PushCard } from '../../notifications/PushCard';
import { LanguageCard } from '../components/LanguageCard';
import { SettingSwitch } from '../components/SettingSwitch';
import { SettingsPanel } from '../components/SettingsPanel';
import { MySettingsQuery, UpdateSettingsMutation } from '../graphql';

interface SavedSettings {
  allowNotifications: boolean;
  enableSounds: boolean;
  enableStreaming: boolean;
  memoryEnabled: boolean;
}

type Tab = 'appearance' | 'notifications' | 'privacy';

const TABS: { value: Tab; label: string; icon: IconType }[] = [
  { value: 'appearance', label: msg('Appearance'), icon: LuPalette },
  { value: 'notifications', label: msg('Notifications'), icon: LuBell },
  { value: 'privacy', label: msg('Privacy'), icon: LuShield },
];

/** The switches of the tabs that save a draft (Appearance applies at once). */
const DRAFT_SWITCHES: Record<
  Exclude<Tab, 'appearance'>,
  { field: keyof SavedSettings; label: string; description: string }[]
> = {
  notifications: [
    {
      field: 'allowNotifications',
      label: msg('Allow Notifications'),
      description: msg('Get notified about friend requests, messages and finished videos.'),
    },
    {
      field: 'enableSounds',
      label: msg('Enable Sounds'),
      description: msg('Play a short sound when a reply or message arrives.'),
    },
  ],
  privacy: [
    {
      field: 'enableStreaming',
      label: msg('Enable Response Streaming'),
      description: msg(
        'Show answers word by word as they are written, instead of all at once when complete.',
      ),
    },
    {
      field: 'memoryEnabled',
      label: msg('Long-term Memory'),
      description: msg(
        'Remember facts you share, like your name, preferences and goals, so every assistant can use them in later chats.',
      ),
    },
  ],
};

const SAVED_TITLES: Record<Tab, string> = {
  appearance: msg('Appearance Settings Saved'),
  notifications: msg('Notification Settings Saved'),
  privacy: msg('Privacy Settings Saved'),
};

/**
 * The three tabs; mounted once settings have loaded so their switches start from the saved values.
 * `saved` stays live (it changes after a Save) while the drafts keep whatever the user has toggled.
 */
function SettingsTabs({ saved }: { saved: SavedSettings & { language?: string | null } }) {
  const { colorMode, setColorMode, themeChoice, setThemeChoice } = useColorMode();
  const [draft, setDraft] = useState(saved);
  const [saving, setSaving] = useState<Tab | null>(null);
  const [updateSettings] = useMutation(UpdateSettingsMutation);
  const t = useT();

  const save = async (tab: Tab, input: UserSettingsInput) => {
    setSaving(tab);
    try {
      await updateSettings({ variables: { input } });
      notifySuccess(t(SAVED_TITLES[tab]), t('Your preferences have been updated.'));
    } catch (error) {
      notifyFailure(t('Settings not saved'), error);
    } finally {
      setSaving(null);
    }
  };

  const browserPermission = usePermissionRequest();
  const set = (field: keyof SavedSettings) => (checked: boolean) => {
    setDraft((current) => ({ ...current, [field]: checked }));
    // The browser's own permission is asked here, from the click that turns the setting on.
    if (field === 'allowNotifications' && checked) void browserPermission.ask();
  };

  const draftPanel = (tab: Exclude<Tab, 'appearance'>) => (
    <SettingsPanel
      title={t(TABS.find((item) => item.value === tab)?.label ?? tab)}
      saving={saving === tab}
      onSave={() =>
        void save(tab, Object.fromEntries(DRAFT_SWITCHES[tab].map(({ field }) => [field, draft[field]])))
      }
    >
      {DRAFT_SWITCHES[tab].map(({ field, label, description }) => (
        <SettingSwitch
          key={field}
          label={t(label)}
          description={t(description)}
          checked={draft[field]}
          onChange={set(field)}
        />
      ))}
      {tab === 'notifications' ? (
        <PermissionNote wanted={draft.allowNotifications} permission={browserPermission.permission} />
      ) : null}
    </SettingsPanel>
  );

  return (
    <Tabs.Root defaultValue="appearance" variant="line" lazyMount unmountOnExit>
      {/* In a strip narrower than the tabs (375 px, longer words: German), the tabs wrap to a second
          row rather than squash their icons or scroll the last one out of sight. */}
      <Tabs.List mb="4" flexWrap="wrap" css={{ '& button, & svg': { flexShrink: 0 } }}>
        {TABS.map(({ value, label, icon: Icon }) => (
          <Tabs.Trigger key={value} value={value}>
            <Icon aria-hidden="true" /> {t(label)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="appearance">
        <SettingsPanel
          title={t('Appearance')}
          saving={saving === 'appearance'}
          onSave={() => void save('appearance', { theme: themeChoice })}
        >
          {/* Applies at once so you can see it; Save keeps it for your account on every device. */}
          <SettingSwitch
            label={t('Match my device')}
            description={t("Follow your device's light or dark setting, also when it changes at sunset.")}
            checked={themeChoice === 'system'}
            onChange={(checked) => setThemeChoice(checked ? 'system' : colorMode)}
          />
          <SettingSwitch
            label={t('Dark Mode')}
            description={
              themeChoice === 'system'
                ? t('Turn off "Match my device" to choose yourself.')
                : t('Use a dark colour scheme that is easier on the eyes at night.')
            }
            checked={colorMode === 'dark'}
            disabled={themeChoice === 'system'}
            onChange={(checked) => setColorMode(checked ? 'dark' : 'light')}
          />
        </SettingsPanel>
        <LanguageCard saved={saved.language ?? null} />
      </Tabs.Content>
      <Tabs.Content value="notifications">
        {draftPanel('notifications')}
        <PushCard allowNotifications={saved.allowNotifications} />
        <NotificationKindsCard />
      </Tabs.Content>
      <Tabs.Content value="privacy">
        {draftPanel('privacy')}
        <MemoriesCard memoryEnabled={saved.memoryEnabled} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

export default function SettingsPage() {
  const t = useT();
  usePageMeta({
    title: t('Settings'),
    description: t('Choose how Chorus looks, notifies you and streams answers.'),
  });
  const { data, error, loading, refetch } = useQuery(MySettingsQuery);

  return (
    <>
      <PageHeading
        title={t('Settings')}
        description={t('Appearance, notifications and privacy preferences for your account.')}
      />
      {data ? (
        <SettingsTabs saved={data.mySettings} />
      ) : error && !loading ? (
        <LoadFailed title={t('Failed to load settings')} onRetry={() => void refetch()} />
      ) : (
        <PageSpinner label={t('Loading settings...')} />
      )}
      <SettingsLink
        to="/settings/safety"
        icon={LuShieldCheck}
        title={t('Safety')}
        description={t('Reports you made and people you blocked')}
        mt="8"
      />
      <SettingsLink
        to="/settings/webhooks"
        icon={LuWebhook}
        title={t('Webhooks')}
        description={t('Send your events to Zapier, Make, n8n or your own server')}
      />
      <SettingsLink
        to="/settings/tools"
        icon={LuWrench}
        title={t('Tools (MCP)')}
        description={t('Connect MCP servers whose tools the assistants may call')}
      />
      <SettingsLink
        to="/settings/tokens"
        icon={LuKeyRound}
        title={t('API tokens')}
        description={t('Let your scripts use Chorus as you')}
      />
    </>
  );
}

/** A way to a page under Settings (Safety, Webhooks, API tokens): one link, the whole row. */
function SettingsLink({
  to,
  icon: Icon,
  title,
  description,
  mt = '3',
}: {
  to: string;
  icon: IconType;
  title: string;
  description: string;
  mt?: string;
}) {
  return (
    <Box
      asChild
      display="block"
      mt={mt}
      p="4"
      borderWidth="1px"
      rounded="lg"
      _hover={{ bg: 'bg.muted' }}
      focusRing="outside"
    >
      <RouterLink to={to}>
        <HStack gap="3">
          <Box as="span" color="fg.muted" flexShrink={0}>
            <Icon aria-hidden="true" size="20" />
          </Box>
          <Stack gap="0.5" flex="1" minW="0">
            <Text as="span" fontWeight="semibold">
              {title}
            </Text>
            <Text as="span" fontSize="sm" color="fg.muted">
              {description}
            </Text>
          </Stack>
          <LuChevronRight aria-hidden="true" />
        </HStack>
      </RouterLink>
    </Box>
  );
}
