import { useMutation, useQuery } from '@apollo/client/react';
import { Button } from '@chakra-ui/react';
import { LuBan } from 'react-icons/lu';
import { notifySuccess } from '../../components/toaster';
import { notifyFailure } from '../../lib/mutationToast';
import { BlockedUsersQuery, BlockUserMutation, UnblockUserMutation } from './graphql';

/**
 * Block / Unblock for a person (api/src/modules/moderation/core/blocks.ts): a blocked person can't
 * message or friend you, and you no longer see their videos and messages. Signed-in pages only (Apollo).
 */
export function BlockButton({ username, name }: { username: string; name: string }) {
  const { data } = useQuery(BlockedUsersQuery);
  const blocked = data?.blockedUsers.some((u) => u.username === username) ?? false;
  const options = { refetchQueries: [BlockedUsersQuery], awaitRefetchQueries: true };
  const [block, blocking] = useMutation(BlockUserMutation, options);
  const [unblock, unblocking] = useMutation(UnblockUserMutation, options);
  const toggle = async () => {
    try {
      if (blocked) {
        await unblock({ variables: { username } });
        notifySuccess('Unblocked', `${name} can message you again.`);
      } else {
        await block({ variables: { username } });
        notifySuccess('Blocked', `You won't see ${name}'s videos or messages, and they can't message you.`);
      }
    } catch (e) {
      notifyFailure('Error', e, blocked ? 'Could not unblock' : 'Could not block');
    }
  };
  return (
    <Button
      size="sm"
      variant="ghost"
      colorPalette={blocked ? undefined : 'red'}
      aria-label={`${blocked ? 'Unblock' : 'Block'} ${name}`}
      aria-pressed={blocked}
      loading={blocking.loading || unblocking.loading}
      onClick={() => void toggle()}
    >
      <LuBan aria-hidden="true" /> {blocked ? 'Unblock' : 'Block'}
    </Button>
  );
}
