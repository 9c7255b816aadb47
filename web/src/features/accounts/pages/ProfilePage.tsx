import { useQuery } from '@apollo/client/react';
import { Button, Card, HStack, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuPencil } from 'react-icons/lu';
import { Notice } from '../../../components/Notice';
import { PageHeading } from '../../../components/PageHeading';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifyError } from '../../../components/toaster';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { AccountSecurityCard } from '../components/AccountSecurityCard';
import { ProfileDetails } from '../components/ProfileDetails';
import { ProfileForm } from '../components/ProfileForm';
import { MeQuery, ProfileVisibilityQuery } from '../graphql';

const LOAD_FAILED = 'Failed to load profile data';

export default function ProfilePage() {
  usePageMeta({ title: 'My Profile', description: 'View and edit your Chorus profile.' });
  const { data, loading, error, refetch } = useQuery(MeQuery, { fetchPolicy: 'cache-and-network' });
  const hidden = useQuery(ProfileVisibilityQuery, { fetchPolicy: 'cache-and-network' }).data?.me
    ?.profileHiddenReason;
  const [editing, setEditing] = useState(false);
  const user = data?.me ?? null;
  const failed = Boolean(error) && !user;

  useEffect(() => {
    if (failed) notifyError('Error', LOAD_FAILED);
  }, [failed]);

  return (
    <>
      <PageHeading title="My Profile" description="How you appear on Chorus, and how we reach you." />
      <Stack gap="6">
        {hidden ? (
          <Notice
            status="warning"
            role="status"
            title="Moderators hid your display name and picture from others"
            description={`Others see only your username. ${hidden.replace(/[.!]$/, '')}.`}
          />
        ) : null}
        <Card.Root variant="outline">
          <Card.Header>
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Card.Title as="h2">{editing ? 'Edit Profile' : 'Profile Information'}</Card.Title>
              {user && !editing ? (
                <Button size="sm" onClick={() => setEditing(true)}>
                  <LuPencil aria-hidden="true" /> Edit Profile
                </Button>
              ) : null}
            </HStack>
          </Card.Header>
          <Card.Body>
            {failed ? (
              <Notice status="error" title={LOAD_FAILED} />
            ) : !user && loading ? (
              <PageSpinner label="Loading profile..." />
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
