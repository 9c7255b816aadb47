import { useMutation } from '@apollo/client/react';
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuCopy, LuLink, LuShare2 } from 'react-icons/lu';
import { notifyError, notifySuccess } from '../../../components/toaster';
import { t as translate, useT } from '../../../lib/i18n';
import { notifyFailure } from '../../../lib/mutationToast';
import { GenerateInvitationMutation } from '../graphql';

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission: select the field and use the older copy command.
    if (!input) return false;
    input.select();
    return document.execCommand('copy');
  }
}

/** Share Link: {origin}/invite/{token}; sharing that fails falls back to copying ('Copied!' for 2 s). */
export function ShareLinkPanel({ onGenerated }: { onGenerated: () => void }) {
  const t = useT();
  const [generate, { loading }] = useMutation(GenerateInvitationMutation);
  const [link, setLink] = useState('');
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const create = async () => {
    try {
      const { data } = await generate();
      if (data) {
        setLink(`${window.location.origin}/invite/${data.generateInvitation.token}`);
        onGenerated();
      }
    } catch (e) {
      notifyFailure(translate('Error'), e, translate('Failed to generate invitation link'));
    }
  };

  const showCopied = () => {
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), 2000);
  };

  const copy = async () => {
    if (await copyText(link, inputRef.current)) {
      showCopied();
      notifySuccess(translate('Link Copied'), translate('Your invitation link is on the clipboard.'));
    } else {
      notifyError(translate('Error'), translate('Could not copy the link. Select it and copy it yourself.'));
    }
  };

  const share = async () => {
    try {
      if (!navigator.share) throw new Error('no share sheet');
      await navigator.share({
        title: translate('Join me on Chorus'),
        text: translate('Chat with AI assistants with me on Chorus'),
        url: link,
      });
      notifySuccess(translate('Shared'));
    } catch {
      if (await copyText(link, inputRef.current)) showCopied();
    }
  };

  return (
    <Stack gap="4">
      <Text color="fg.muted">
        {t(
          'Anyone who signs up through your link becomes your friend, and you earn referral points. A link admits one person and works for 14 days.',
        )}
      </Text>
      {link ? (
        <Stack gap="3">
          <Input
            ref={inputRef}
            readOnly
            value={link}
            aria-label={t('Invitation link')}
            onFocus={(e) => e.target.select()}
            fontFamily="mono"
            fontSize="sm"
          />
          <HStack gap="2" flexWrap="wrap">
            <Button onClick={() => void copy()} colorPalette="purple">
              <LuCopy aria-hidden="true" /> {copied ? t('Copied!') : t('Copy Link')}
            </Button>
            <Button onClick={() => void share()} variant="outline">
              <LuShare2 aria-hidden="true" /> {t('Share')}
            </Button>
            <Button onClick={() => void create()} variant="ghost" loading={loading}>
              {t('New link')}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Button onClick={() => void create()} loading={loading} colorPalette="purple" alignSelf="flex-start">
          <LuLink aria-hidden="true" /> {t('Generate Invitation Link')}
        </Button>
      )}
    </Stack>
  );
}
