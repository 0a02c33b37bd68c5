import { describe, expect, it } from 'vitest';
import { readGalleryFragment } from './galleryFragment';

describe('readGalleryFragment', () => {
  it('reads a well-formed id and leaves other fragments alone', () => {
    expect(readGalleryFragment('#g=nodeport-no-endpoints')).toEqual({
      ok: true,
      id: 'nodeport-no-endpoints',
    });
    expect(readGalleryFragment('#s=1.abc')).toBeNull();
    expect(readGalleryFragment('')).toBeNull();
  });

  it('refuses empty and malformed ids, quoting them decoded and short', () => {
    expect(readGalleryFragment('#g=')).toEqual({ ok: false, code: 'gallery/empty-id', subject: '' });
    expect(readGalleryFragment('#g=%20')).toMatchObject({ code: 'gallery/empty-id' });
    expect(readGalleryFragment('#g=../x')).toEqual({ ok: false, code: 'gallery/bad-id', subject: '../x' });
    expect(readGalleryFragment('#g=%3Cimg%20src%3Dx%3E')).toEqual({
      ok: false,
      code: 'gallery/bad-id',
      subject: '<img src=x>',
    });
    expect(readGalleryFragment('#g=%E0%A4%A')).toMatchObject({ code: 'gallery/bad-id', subject: '%E0%A4%A' });
    const long = readGalleryFragment(`#g=${'X'.repeat(500)}`);
    expect(long?.ok === false && long.subject.length).toBe(61);
  });
});
