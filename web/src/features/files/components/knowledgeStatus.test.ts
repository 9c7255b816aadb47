import { describe, expect, it } from 'vitest';
import { knowledgeLabel, stillReading } from './knowledgeStatus';

describe('knowledgeLabel', () => {
  it('says where a file is in its reading, with the reason when it failed', () => {
    expect(knowledgeLabel({ status: 'ready', passages: 12 })).toEqual({
      text: 'Ready · 12 passages',
      palette: 'green',
    });
    expect(knowledgeLabel({ status: 'ready', passages: 1 }).text).toBe('Ready · 1 passage');
    expect(knowledgeLabel({ status: 'indexing', passages: 0 }).text).toBe('Reading…');
    expect(knowledgeLabel({ status: 'indexing', passages: 0, progress: 0 }).text).toBe('Reading…');
    expect(knowledgeLabel({ status: 'indexing', passages: 0, progress: 42 }).text).toBe('Reading… 42%');
    expect(knowledgeLabel({ status: 'pending', passages: 0 }).text).toBe('Waiting to be read');
    expect(knowledgeLabel({ status: 'failed', passages: 0, error: 'scanned PDF with no text' })).toEqual({
      text: "Can't be read: scanned PDF with no text",
      palette: 'red',
    });
  });
});

describe('stillReading', () => {
  it('is true while any file waits or is being read', () => {
    const file = (status: string) => ({ knowledge: { status, passages: 0 } });
    expect(stillReading([file('ready'), file('failed')])).toBe(false);
    expect(stillReading([file('ready'), file('indexing')])).toBe(true);
    expect(stillReading([file('pending')])).toBe(true);
    expect(stillReading([])).toBe(false);
  });
});
