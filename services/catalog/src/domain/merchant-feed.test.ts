import type { FeedVariant } from '../db/crawler-reads.repo.js';
import { GOOGLE_CONDITIONS, googleConditionOf, merchantItemOf } from './merchant-feed.js';
import { xmlText } from './xml-text.js';

const ORIGIN = 'https://shop.example.com';
const buildVariant = (overrides: Partial<FeedVariant> = {}): FeedVariant => ({
  sku: 'SKU-1',
  priceCents: 74_900,
  available: 1,
  productId: 'b2a1c3d4-0000-4000-8000-000000000001',
  title: 'MacBook Air 13" M2',
  brand: 'Apple',
  description: 'Tested.',
  conditionGrade: 'OPEN_BOX',
  conditionNotes: null,
  cover: null,
  images: [],
  ...overrides,
});

describe("the shop's grades as Google's conditions", () => {
  it('says new for New in Box only, and never refurbished', () => {
    expect(GOOGLE_CONDITIONS).toEqual({ NEW_IN_BOX: 'new', OPEN_BOX: 'used', LIGHTLY_USED: 'used', USED: 'used', FOR_PARTS: 'used' });
  });

  it('says used for a grade it does not know, whatever it is called', () => {
    for (const grade of ['AS_IS', 'REFURBISHED', 'NEW', 'new_in_box', 'toString', '__proto__']) expect([grade, googleConditionOf(grade)]).toEqual([grade, 'used']);
  });
});

describe('merchantItemOf', () => {
  it('prices in dollars and says in stock only while a unit is neither sold nor held', () => {
    expect(merchantItemOf(buildVariant({ priceCents: 5 }), ORIGIN)).toMatchObject({ price: '0.05 USD', availability: 'in_stock' });
    expect(merchantItemOf(buildVariant({ available: 0 }), ORIGIN).availability).toBe('out_of_stock');
  });

  it("cuts a title to Google's 150 characters without splitting one", () => {
    const title = `${'a'.repeat(149)}😀😀`;
    expect(merchantItemOf(buildVariant({ title }), ORIGIN).title).toBe(`${'a'.repeat(149)}😀`);
    expect(merchantItemOf(buildVariant({ title: 'x'.repeat(150) }), ORIGIN).title).toBe('x'.repeat(150));
  });

  it("takes the cover photo's largest size, else the first image given, made absolute; none of another scheme or an SVG", () => {
    const cover = { id: 'p', alt: '', width: 2048, height: 1536, placeholder: '', hash: 'h1', widths: [320, 2048, 640], cover: true, originalKey: '', originalType: '', createdAt: '' };
    expect(merchantItemOf(buildVariant({ cover, images: ['/api/media/x.svg'] }), ORIGIN).imageLink).toBe(`${ORIGIN}/api/media/photos/h1-2048.jpg`);
    expect(merchantItemOf(buildVariant({ images: [' ', 'https://cdn.example.net/a b.jpg'] }), ORIGIN).imageLink).toBe('https://cdn.example.net/a%20b.jpg');
    expect(merchantItemOf(buildVariant({ images: ['/api/media/a b.jpg'] }), ORIGIN).imageLink).toBe(`${ORIGIN}/api/media/a%20b.jpg`);
    expect(merchantItemOf(buildVariant({ images: ['data:image/png;base64,AAAA'] }), ORIGIN)).not.toHaveProperty('imageLink');
    expect(merchantItemOf(buildVariant({ images: ['/api/media/laptop.svg', '/api/media/b.jpg'] }), ORIGIN)).not.toHaveProperty('imageLink');
  });
});

describe('xmlText', () => {
  it('escapes the five special characters and keeps every other character XML allows', () => {
    expect(xmlText(`Tom & Jerry <Deluxe> "Boxed" 'Set' – 😀 é\t\n`)).toBe('Tom &amp; Jerry &lt;Deluxe&gt; &quot;Boxed&quot; &apos;Set&apos; – 😀 é\t\n');
  });

  it('leaves out control characters and unpaired surrogates, which no XML may hold', () => {
    expect(xmlText('a\u0000b\u0007c\u001Fd\uFFFEe\uD83Df\uDE00g')).toBe('abcdefg');
  });
});
