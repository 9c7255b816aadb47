import { Badge, Box, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { LuFileText, LuGlobe } from 'react-icons/lu';
import { useT } from '../../lib/i18n';
import { plainSnippet, sourceAnchor } from './citations';

/** A passage an answer was grounded in: one of the asker's files or a web page (the api's `sources`). */
export interface AnswerSource {
  n: number;
  kind: 'file' | 'web' | string;
  title: string;
  url?: string | null;
  fileId?: string | null;
  page?: number | null;
  snippet?: string | null;
}

/** Where a source opens: the page itself, or the file (at its page, for a PDF the browser shows). */
export function sourceHref(source: AnswerSource): string | undefined {
  if (source.url) return source.url;
  if (source.fileId) return `/api/files/${source.fileId}/download`;
  return undefined;
}

function hostOf(url: string | null | undefined): string | null {
  if (!url || !/^https?:/i.test(url)) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * The numbered sources under an answer, each the target of the answer's [n] links (citations.ts):
 * title (and page), where it is from, and the passage used. The same in the chat, a shared chat and
 * the compare columns.
 */
export function Sources({ answerId, sources }: { answerId: string; sources: readonly AnswerSource[] }) {
  const t = useT();
  if (sources.length === 0) return null;
  return (
    <Box as="section" aria-label={t('Sources')} mt="3" pt="2" borderTopWidth="1px">
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" mb="1">
        {t('Sources')}
      </Text>
      <Stack as="ol" gap="1.5" listStyleType="none" m="0" p="0">
        {sources.map((source) => {
          const href = sourceHref(source);
          const host = source.kind === 'web' ? hostOf(source.url) : null;
          const label = source.page
            ? t('{title} · page {page}', { title: source.title, page: source.page })
            : source.title;
          return (
            <Box
              as="li"
              key={source.n}
              id={sourceAnchor(answerId, source.n)}
              tabIndex={-1}
              rounded="md"
              px="1.5"
              py="1"
              mx="-1.5"
              transition="background 0.3s"
              css={{ '&:target': { bg: 'colorPalette.subtle' } }}
            >
              <HStack align="start" gap="2">
                <Badge size="sm" variant="subtle" flexShrink={0} aria-hidden>
                  {source.n}
                </Badge>
                <Icon color="fg.muted" boxSize="3.5" mt="0.5" flexShrink={0} aria-hidden>
                  {source.kind === 'file' ? <LuFileText /> : <LuGlobe />}
                </Icon>
                <Box minW="0" flex="1">
                  {href ? (
                    <Link
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      fontSize="sm"
                      fontWeight="medium"
                      lineClamp={1}
                      wordBreak="break-all"
                      aria-label={t('Source {n}: {label}', { n: source.n, label })}
                    >
                      {label}
                    </Link>
                  ) : (
                    <Text fontSize="sm" fontWeight="medium" lineClamp={1}>
                      {label}
                    </Text>
                  )}
                  {host ? (
                    <Text fontSize="xs" color="fg.muted" truncate>
                      {host}
                    </Text>
                  ) : null}
                  {source.snippet ? (
                    <Text fontSize="xs" color="fg.muted" lineClamp={2} dir="auto">
                      {plainSnippet(source.snippet)}
                    </Text>
                  ) : null}
                </Box>
              </HStack>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
