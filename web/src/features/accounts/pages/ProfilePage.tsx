import { useQuery } from '@apollo/client/react';
import { Button, Card, HStack, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuPencil } from 'react-icons/lu';
import { Notice } from '../../../components/Notice';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifyError } from '../../../components/toaster';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { msg, useT } from '../../../lib/i18n';
import { AccountSecurityCard } from '../components/AccountSecurityCard';
import { ProfileDetails } from '../components/ProfileDetails';
import { ProfileForm } from '../components/ProfileForm';
import { MeQuery, ProfileVisibilityQuery } from '../graphql';

const LOAD_FAILED = msg('Failed to load profile data');

export default function ProfilePage() {
  const t = useT();
  usePageMeta({ title: t('My Profile'), description: t('View and edit your Chorus profile.') });
  const { data, loading, error, refetch } = useQuery(MeQuery, { fetchPolicy: 'cache-and-network' });
  const hidden = useQuery(ProfileVisibilityQuery, { fetchPolicy: 'cache-and-network' }).data?.me
    ?.profileHiddenReason;
  const [editing, setEditing] = useState(false);
  const user = data?.me ?? null;
  const failed = Boolean(error) && !user;

  useEffect(() => {
    if (failed) notifyError(t('Error'), t(LOAD_FAILED));
  }, [failed, t]);

  return (
    <>
      <PageHeading
        title={t('My Profile')}
        description={t('How you appear on Chorus, and how we reach you.')}
      />
      <Stack gap="6">
        {hidden ? (
          <Notice
            status="warning"
            role="status"
            title={t('Moderators hid your display name and picture from others')}
            description={t('Others see only your username. {reason}.', {
              reason: hidden.replace(/[.!]$/, ''),
            })}
          />
        ) : null}
        <Card.Root variant="outline">
          <Card.Header>
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Card.Title as="h2">{editing ? t('Edit Profile') : t('Profile Information')}</Card.Title>
              {user && !editing ? (
                <Button size="sm" onClick={() => setEditing(true)}>
                  <LuPencil aria-hidden="true" /> {t('Edit Profile')}
                </Button>
              ) : null}
            </HStack>
          </Card.Header>
          <Card.Body>
            {failed ? (
              <Notice status="error" title={t(LOAD_FAILED)} />
            ) : !user && loading ? (
              <PageSpinner label={t('Loading profile...')} />
            ) : user && editing ? (
              <ProfileForm user={user} onDone={() => setEditing(false)} />
            ) : user ? (
              <ProfileDetails user={user} />
            ) : null}
          </Card.Body>
        </Card.Root>
        {user ? (
          <AccountSecurityCard
            passwordChangedAt={user.passwordChangedAt ?? null}
            createdAt={String(user.createdAt)}
            onChanged={() => void refetch()}
          />
        ) : null}
      </Stack>
    </>
  );
}
