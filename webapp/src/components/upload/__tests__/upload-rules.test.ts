import { describe, expect, it } from 'vitest';
import { acceptFor, fileNameOf, fullUrl, maxCount, rejectReason, toListItems, urlsToValue, valueToUrls } from '../upload-rules';

const config = { mimetype: 'jpg,png,pdf,.txt', maxsize: 1024 };

describe('upload field rules', () => {
  it('applies the SPEC §5 checks before anything else', () => {
    expect(rejectReason({ name: '', size: 10, type: 'image/png' }, 'image', config, 0)).toBe('incomplete');
    expect(rejectReason({ name: 'a.png', type: 'image/png' }, 'image', config, 0)).toBe('incomplete');
    expect(rejectReason({ name: 'a.exe', size: 10, type: 'application/x-msdownload' }, 'file', config, 0)).toBe('typeNotAllowed');
    expect(rejectReason({ name: 'a.png', size: 1025, type: 'image/png' }, 'image', config, 0)).toBe('tooLarge');
    expect(rejectReason({ name: 'a.png', size: 1024, type: 'image/png' }, 'image', config, 0)).toBeNull();
  });

  it('takes only images in image fields', () => {
    expect(rejectReason({ name: 'doc.pdf', size: 10, type: 'application/pdf' }, 'images', config, 0)).toBe('notImage');
    expect(rejectReason({ name: 'doc.pdf', size: 10, type: 'application/pdf' }, 'files', config, 0)).toBeNull();
  });

  it('limits the count of multiple fields only', () => {
    expect(rejectReason({ name: 'a.png', size: 1, type: 'image/png' }, 'images', config, 3, 3)).toBe('tooMany');
    expect(rejectReason({ name: 'a.png', size: 1, type: 'image/png' }, 'images', config, 2, 3)).toBeNull();
    expect(rejectReason({ name: 'a.png', size: 1, type: 'image/png' }, 'image', config, 5, 1)).toBeNull();
    expect(maxCount('image')).toBe(1);
    expect(maxCount('files')).toBe(0);
    expect(maxCount('files', 4)).toBe(4);
  });

  it('maps values to list items and back', () => {
    expect(valueToUrls('/storage/a.png,/storage/b.pdf')).toEqual(['/storage/a.png', '/storage/b.pdf']);
    expect(valueToUrls(['', '/x.png'])).toEqual(['/x.png']);
    expect(valueToUrls(undefined)).toEqual([]);
    expect(urlsToValue('image', ['/a.png', '/b.png'])).toBe('/b.png');
    expect(urlsToValue('image', [])).toBe('');
    expect(urlsToValue('files', ['/a.pdf'])).toEqual(['/a.pdf']);
    const items = toListItems(['/storage/x/%E5%9B%BE.png', '/storage/x/doc.pdf'], (name) => `icon:${name}`, 'https://cdn.example.com/');
    expect(items.map((i) => [i.name, i.url, i.thumbUrl])).toEqual([
      ['图.png', 'https://cdn.example.com/storage/x/%E5%9B%BE.png', 'https://cdn.example.com/storage/x/%E5%9B%BE.png'],
      ['doc.pdf', 'https://cdn.example.com/storage/x/doc.pdf', 'icon:doc.pdf'],
    ]);
    expect(items.every((i) => i.status === 'done')).toBe(true);
  });

  it('builds the chooser filter from the allowed list', () => {
    expect(acceptFor('image', config.mimetype)).toBe('.jpg,.png');
    expect(acceptFor('image', '*')).toBe('image/*');
    expect(acceptFor('file', config.mimetype)).toBe('.jpg,.png,.pdf,.txt');
    expect(acceptFor('file', '')).toBeUndefined();
  });

  it('leaves absolute and data URLs alone', () => {
    expect(fullUrl('https://x/y.png', 'https://cdn')).toBe('https://x/y.png');
    expect(fullUrl('data:image/png;base64,AA', 'https://cdn')).toBe('data:image/png;base64,AA');
    expect(fullUrl('/storage/y.png')).toBe('/storage/y.png');
    expect(fileNameOf('/storage/a/b.png?x=1')).toBe('b.png');
  });
});
