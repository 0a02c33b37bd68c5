import { describe, expect, it } from 'vitest';
import { escapeMarkdown, escapeXml } from './escape';

const HOSTILE = ['[x](javascript:alert(1))', '<img src=x onerror=alert(1)>', '*', '`', ']]>', '&amp;', '&'];

/** XML character data back to text (what a reader of the SVG sees). */
const unXml = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

describe('escapeXml', () => {
  it.each(HOSTILE)('%s leaves no markup, no CDATA end and no bare ampersand', (name) => {
    const out = escapeXml(name);
    expect(out).not.toMatch(/[<>"']/);
    expect(out).not.toContain(']]>');
    expect(out.replace(/&#\d+;/g, '')).not.toContain('&');
    expect(unXml(out)).toBe(name);
  });

  it('replaces characters XML cannot hold (a document with them would not open)', () => {
    expect(escapeXml('a\u0000b\u001bc\ud800d\tok\n')).toBe('a\ufffdb\ufffdc\ufffdd\tok\n');
    expect(escapeXml('😀')).toBe('😀');
  });
});

describe('escapeMarkdown', () => {
  it.each(HOSTILE)('%s: every punctuation character escaped', (name) => {
    const out = escapeMarkdown(name);
    // Unescaping gives the text back, and no punctuation is left bare.
    expect(out.replace(/\\(.)/g, '$1')).toBe(name);
    expect(out.replace(/\\[!-/:-@[-`{-~]/g, '')).not.toMatch(/[!-/:-@[-`{-~]/);
  });

  it('a name cannot open a block of its own', () => {
    expect(escapeMarkdown('a\n# b\r\n- c')).toBe('a \\# b \\- c');
  });
});
