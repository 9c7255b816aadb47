import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { creatorName, creatorPageMeta, creatorPath } from '@chorus/shared/creatorPageMeta';
import { useState } from 'react';
import { LuUserX } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { LocalCount } from '../../../components/LocalFormat';
import { PageSpinner } from '../../../components/PageSpinner';
import { notifyError } from '../../../components/toaster';
import { useApiQuery } from '../../../hooks/useApiQuery';
import { useHydrated } from '../../../hooks/useHydrated';
import { useLoadMore } from '../../../hooks/useLoadMore';
import { usePageMeta } from '../../../hooks/usePageMeta';
import { ApiError } from '../../../lib/api';
import { t as translate, useT } from '../../../lib/i18n';
import { useAuth } from '../../accounts/session/AuthContext';
import { PlainAvatar } from '../../social/components/PlainAvatar';
import { CommunityVideoCard } from '../../video/components/CommunityVideoCard';
import { EmptyNotice, NotFoundPage } from '../../video/components/EmptyNotice';
import {
  creatorKey,
  fetchCreator,
  fetchCreatorVideos,
  type PublicCreator,
  setFollowing,
} from '../publicCreators';

/** Follow / Unfollow for a signed-in viewer; a way to sign in for a visitor; nothing on your own profile. */
function FollowButton({
  creator,
  onChange,
}: {
  creator: PublicCreator;
  onChange: (next: Pick<PublicCreator, 'isFollowing' | 'followers'>) => void;
}) {
  const t = useT();
  const { status, user } = useAuth();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  if (status === 'signedIn' && user?.username.toLowerCase() === creator.username.toLowerCase()) {
    return (
      <Button asChild variant="outline" size="sm">
        <RouterLink to="/profile">{t('Edit profile')}</RouterLink>
      </Button>
    );
  }
  if (status !== 'signedIn') {
    return (
      <Button asChild size="sm" variant="outline">
        <RouterLink to="/login">{t('Log in to follow')}</RouterLink>
      </Button>
    );
  }
  const toggle = async () => {
    setBusy(true);
    try {
      const next = await setFollowing(creator.username, !creator.isFollowing);
      onChange({ isFollowing: next.isFollowing, followers: next.followers });
    } catch (e) {
      console.error('Could not change following', e);
      notifyError(
        translate('Error'),
        e instanceof ApiError && e.status === 404
          ? translate('You can’t follow this person.')
          : translate('Could not update following'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant={creator.isFollowing ? 'outline' : 'solid'}
      aria-pressed={creator.isFollowing}
      loading={busy}
      disabled={!hydrated}
      onClick={toggle}
    >
      {creator.isFollowing ? t('Unfollow') : t('Follow')}
    </Button>
  );
}

function Count({ value, label }: { value: number; label: string }) {
  return (
    <Text>
      <Text as="span" fontWeight="semibold">
        <LocalCount value={value} />
      </Text>{' '}
      <Text as="span" color="fg.muted">
        {label}
      </Text>
    </Text>
  );
}

/** A creator's public profile (/u/{username}): who they are, their counts, following them, their videos. */
export default function CreatorPage() {
  const t = useT();
  const { username = '' } = useParams();
  // A page the server drew (as a visitor sees it) asks once more: that adds whether the viewer follows.
  const profile = useApiQuery(creatorKey(username), (signal) => fetchCreator(username, signal), {
    refreshInitial: true,
  });
  // Asked again as the viewer, the profile can be gone (blocked by its owner, banned meanwhile):
  // then the page the server drew for visitors gives way to "not found".
  const gone = profile.error instanceof ApiError && profile.error.status === 404;
  const creator = gone ? null : (profile.data ?? null);

  const origin = typeof window === 'undefined' ? null : window.location.origin;
  usePageMeta(
    creator && origin
      ? creatorPageMeta(creator, origin)
      : {
          title: profile.data || profile.error ? t('Creator Not Found') : t('Creator'),
          description: t('A creator of short AI videos on Chorus.'),
          canonicalPath: creatorPath(username),
        },
  );

  const more = useLoadMore(
    creator?.nextCursor ?? null,
    async (cursor) => {
      const next = await fetchCreatorVideos(creator?.username ?? username, cursor);
      profile.setData((previous) => {
        if (!previous) return previous;
        const seen = new Set(previous.videos.map((post) => post.id));
        return {
          ...previous,
          nextCursor: next.nextCursor,
          videos: [...previous.videos, ...next.posts.filter((post) => !seen.has(post.id))],
        };
      });
    },
    t('videos'),
  );

  if (!creator && profile.loading) return <PageSpinner label={t('Loading profile...')} />;
  if (!creator) {
    return (
      <NotFoundPage
        title={t('Creator Not Found')}
        description={t("The profile you're looking for doesn't exist.")}
        icon={<LuUserX aria-hidden="true" />}
      />
    );
  }

  const name = creatorName(creator);
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack
        as="header"
        direction={{ base: 'column', sm: 'row' }}
        gap={{ base: '4', sm: '6' }}
        align={{ base: 'flex-start', sm: 'center' }}
        mb="8"
      >
        <PlainAvatar name={name} src={creator.avatar} size="xl" />
        <Stack gap="2" minW="0" flex="1">
          <Box>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word" dir="auto">
              {name}
            </Heading>
            {name !== creator.username ? <Text color="fg.muted">@{creator.username}</Text> : null}
          </Box>
          {creator.bio ? (
            <Text whiteSpace="pre-line" wordBreak="break-word" dir="auto" maxW="prose">
              {creator.bio}
            </Text>
          ) : null}
          <HStack gap="5" wrap="wrap" aria-label={t('Follow counts')}>
            <Count
              value={creator.followers}
              label={creator.followers === 1 ? t('follower') : t('followers')}
            />
            <Count value={creator.following} label={t('following')} />
          </HStack>
        </Stack>
        <FollowButton
          creator={creator}
          onChange={(next) => profile.setData((previous) => (previous ? { ...previous, ...next } : previous))}
        />
      </Stack>

      <Heading as="h2" size="lg" mb="4">
        {t('Videos')}
      </Heading>
      {creator.videos.length === 0 ? (
        <EmptyNotice
          title={t('No public videos yet')}
          description={t("{name} hasn't shared any videos with the community.", { name })}
        />
      ) : (
        // The community gallery's grid, drawn here rather than with its VideoGrid: sharing that file would
        // split the chunk it shares with the gallery's tag filter, and the gallery's first load would grow.
        <Stack gap="6">
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
            {creator.videos.map((post) => (
              <li key={post.id}>
                <CommunityVideoCard post={post} />
              </li>
            ))}
          </SimpleGrid>
          <LoadMoreButton more={more} />
        </Stack>
      )}
    </Container>
  );
}
