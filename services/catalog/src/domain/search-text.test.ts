import { toSearchText } from './search-text.js';

describe('toSearchText', () => {
  it('makes every word a required prefix and the whole text a part-of-title pattern', () => {
    expect(toSearchText('  MacBook   Air ')).toEqual({ text: 'macbook air', tsquery: 'macbook:* & air:*', like: '%macbook air%', titleWords: ['macbook', 'air'] });
  });

  it('keeps tsquery syntax and LIKE wildcards from the shopper out of the query', () => {
    expect(toSearchText("drill & !saw | (x) 50%_off\\")).toEqual({
      text: "drill & !saw | (x) 50%_off\\",
      tsquery: 'drill:* & saw:* & x:* & 50:* & off:*',
      like: '%drill & !saw | (x) 50\\%\\_off\\\\%',
      titleWords: ['drill', 'saw', 'off'],
    });
  });

  it('uses only the prefix match for one or two characters, and only LIKE without any word', () => {
    expect(toSearchText('tv')).toEqual({ text: 'tv', tsquery: 'tv:*', like: undefined, titleWords: [] });
    expect(toSearchText('++')).toEqual({ text: '++', tsquery: undefined, like: '%++%', titleWords: [] });
  });

  it('keeps letters of other alphabets and accents', () => {
    expect(toSearchText('Kånken')?.tsquery).toBe('kånken:*');
  });

  it('is undefined for an empty query', () => {
    expect(toSearchText(undefined)).toBeUndefined();
    expect(toSearchText('   ')).toBeUndefined();
  });

  it('caps the number of words', () => {
    expect(toSearchText('a b c d e f g h i j')?.tsquery?.split(' & ')).toHaveLength(8);
  });
});
