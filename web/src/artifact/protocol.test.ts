import { describe, expect, it } from 'vitest';
import { artifactFile, artifactKind, fenceClosed, readFrameMessage, readRenderMessage } from './protocol';

describe('artifact protocol', () => {
  it('previews html, svg, mermaid, jsx and tsx blocks only', () => {
    expect(artifactKind('html')).toBe('html');
    expect(artifactKind('SVG')).toBe('svg');
    expect(artifactKind('mermaid')).toBe('mermaid');
    expect(artifactKind('jsx')).toBe('react');
    expect(artifactKind('tsx')).toBe('react');
    expect(artifactKind('js')).toBeNull();
    expect(artifactKind(null)).toBeNull();
  });

  it('downloads each kind with its own extension', () => {
    expect(artifactFile('html')).toEqual({ extension: 'html', type: 'text/html' });
    expect(artifactFile('svg').extension).toBe('svg');
    expect(artifactFile('mermaid').extension).toBe('mmd');
    expect(artifactFile('jsx').extension).toBe('jsx');
    expect(artifactFile('tsx').extension).toBe('tsx');
  });

  it('accepts only well-formed messages of its own protocol', () => {
    expect(readFrameMessage({ protocol: 'chorus-artifact', type: 'size', height: 120 })).toEqual({
      protocol: 'chorus-artifact',
      type: 'size',
      height: 120,
    });
    expect(readFrameMessage({ protocol: 'chorus-artifact', type: 'size', height: 'tall' })).toBeNull();
    expect(readFrameMessage({ protocol: 'other', type: 'ready' })).toBeNull();
    expect(readFrameMessage('ready')).toBeNull();
    expect(
      readFrameMessage({ protocol: 'chorus-artifact', type: 'error', message: 'x'.repeat(900) }),
    ).toEqual({
      protocol: 'chorus-artifact',
      type: 'error',
      message: 'x'.repeat(500),
      shown: false,
    });
    expect(
      readRenderMessage({
        protocol: 'chorus-artifact',
        type: 'render',
        kind: 'mermaid',
        source: 'graph TD',
        dark: true,
      }),
    ).toMatchObject({ kind: 'mermaid', dark: true });
    expect(
      readRenderMessage({ protocol: 'chorus-artifact', type: 'render', kind: 'php', source: '' }),
    ).toBeNull();
  });

  it('tells a closed fence from one still streaming', () => {
    expect(fenceClosed('```html\n<p>hi</p>\n```')).toBe(true);
    expect(fenceClosed('```html\n<p>hi</p>\n```\n')).toBe(true);
    expect(fenceClosed('````mermaid\ngraph TD\n````')).toBe(true);
    expect(fenceClosed('```html\n<p>hi</p>\n')).toBe(false);
    expect(fenceClosed('```html\n<p>hi</p>\n``')).toBe(false);
    expect(fenceClosed('````html\n<p>hi</p>\n```')).toBe(false);
    expect(fenceClosed('```html')).toBe(false);
    expect(fenceClosed('~~~svg\n<svg/>\n~~~')).toBe(true);
    // Inside a quote or a list item.
    expect(fenceClosed('```svg\n> <svg/>\n> ```')).toBe(true);
    expect(fenceClosed('```svg\n   <svg/>\n   ```')).toBe(true);
    expect(fenceClosed('```svg\n> <svg/>')).toBe(false);
  });
});
