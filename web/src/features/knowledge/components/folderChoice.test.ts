import { describe, expect, it } from 'vitest';
import { folderChoice } from './folderChoice';
import { MAX_FILES } from './useGrounding';

const file = (n: number, failed = false) => ({ id: `f${n}`, name: `file ${n}.txt`, failed });
const picked = (n: number) => ({ id: `f${n}`, name: `file ${n}.txt` });

describe('folderChoice', () => {
  it('adds every file of a folder that fits, after the ones chosen', () => {
    const result = folderChoice([picked(9)], [file(1), file(2)], 'Research', false);
    expect(result.chosen.map((f) => f.id)).toEqual(['f9', 'f1', 'f2']);
    expect(result.note).toBe('Added 2 files from "Research".');
  });

  it('skips files already chosen and unreadable ones, and says so', () => {
    const result = folderChoice([picked(1)], [file(1), file(2), file(3, true)], 'R', false);
    expect(result.chosen.map((f) => f.id)).toEqual(['f1', 'f2']);
    expect(result.note).toBe('Added 1 file from "R". 1 file could not be read and was left out.');
    expect(folderChoice([picked(1)], [file(1)], 'R', false).note).toBe(
      'Every file of "R" is already chosen.',
    );
  });

  it(`stops at ${MAX_FILES} files and says how many did not fit`, () => {
    const many = Array.from({ length: 25 }, (_, i) => file(i));
    const result = folderChoice([picked(100)], many, 'Big', false);
    expect(result.chosen).toHaveLength(MAX_FILES);
    expect(result.note).toBe(
      `Added ${MAX_FILES - 1} files from "Big". 6 files did not fit: at most ${MAX_FILES} files per message. Untick some to make room.`,
    );
  });

  it('says when a folder holds more than one read', () => {
    const full = Array.from({ length: MAX_FILES }, (_, i) => file(i));
    expect(folderChoice([], full, 'Huge', true).note).toContain('More did not fit');
    expect(folderChoice([], [file(1)], 'Huge', true).note).toContain('only its newest were added');
  });

  it('an empty folder adds nothing', () => {
    expect(folderChoice([picked(1)], [], 'Empty', false)).toEqual({
      chosen: [picked(1)],
      note: '"Empty" has no files.',
    });
  });
});
