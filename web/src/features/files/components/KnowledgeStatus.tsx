import { useMutation } from '@apollo/client/react';
import { Badge, HStack, IconButton, Spinner } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import { notifyError } from '../../../components/toaster';
import { useT } from '../../../lib/i18n';
import { ReindexFileMutation } from '../graphql';
import { type Knowledge, knowledgeLabel } from './knowledgeStatus';

/**
 * Whether the assistants can read a file of My Files yet: waiting, reading, ready (with its passage
 * count) or why it can't be read, with "Read again" for a finished one. `onChanged` refreshes the list.
 */
export function KnowledgeStatus({
  file,
  onChanged,
}: {
  file: { id: string; name: string; knowledge: Knowledge };
  onChanged: () => void;
}) {
  const t = useT();
  const [reindex, { loading }] = useMutation(ReindexFileMutation);
  const { text, palette } = knowledgeLabel(file.knowledge, t);
  const reading = file.knowledge.status === 'pending' || file.knowledge.status === 'indexing';
  return (
    <HStack gap="1" minW="0">
      <Badge colorPalette={palette} variant="subtle" size="sm" maxW="full" title={text} whiteSpace="normal">
        {reading ? <Spinner size="xs" aria-hidden /> : null}
        {text}
      </Badge>
      {!reading ? (
        <IconButton
          variant="ghost"
          size="2xs"
          aria-label={t('Read {name} again', { name: file.name })}
          title={t('Read again')}
          loading={loading}
          onClick={() =>
            reindex({ variables: { id: file.id } })
              .then(onChanged)
              .catch(() => notifyError(t('Could not read the file again'), t('Please try again.')))
          }
        >
          <LuRefreshCw />
        </IconButton>
      ) : null}
    </HStack>
  );
}
