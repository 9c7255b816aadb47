import { t as appT, type Translate } from '../../../lib/i18n';

/** A file's knowledge as the api gives it (GraphQL `FileKnowledge`). */
export interface Knowledge {
  status: string;
  passages: number;
  error?: string | null;
  /** 0-100 while it is read. */
  progress?: number | null;
}

/** How a file's reading is shown: its words and its colour. */
export function knowledgeLabel(
  knowledge: Knowledge,
  t: Translate = appT,
): {
  text: string;
  palette: 'gray' | 'blue' | 'green' | 'red';
} {
  switch (knowledge.status) {
    case 'ready':
      return {
        text: t('{count, plural, one {Ready · # passage} other {Ready · # passages}}', {
          count: knowledge.passages,
        }),
        palette: 'green',
      };
    case 'indexing':
      return {
        text: knowledge.progress ? t('Reading… {percent}%', { percent: knowledge.progress }) : t('Reading…'),
        palette: 'blue',
      };
    case 'failed':
      return {
        text: knowledge.error
          ? t("Can't be read: {reason}", { reason: knowledge.error })
          : t("Can't be read"),
        palette: 'red',
      };
    default:
      return { text: t('Waiting to be read'), palette: 'gray' };
  }
}

/** Whether a list still has files being read (the page asks again until none has). */
export const stillReading = (files: readonly { knowledge: Knowledge }[]) =>
  files.some((f) => f.knowledge.status === 'pending' || f.knowledge.status === 'indexing');
