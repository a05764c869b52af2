import { describe, expect, it } from 'vitest';
import {
  lineText,
  longText,
  nameText,
  orNull,
  requiredLine,
  requiredName,
  TEXT_MESSAGES,
  toSafeLine,
} from './text';

describe('safe text', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['escape', 'a\u001bb'],
    ['DEL', 'a\u007fb'],
    ['C1 control', 'a\u0085b'],
    ['right-to-left override', 'Becker\u202Egnp.exe'],
    ['left-to-right embedding', 'a\u202Ab'],
    ['left-to-right isolate', 'a\u2066b'],
    ['pop directional isolate', 'a\u2069b'],
    ['lone high surrogate', 'a\ud800b'],
    ['lone low surrogate', 'a\udfffb'],
    ['high surrogate at the end', 'ab\ud83d'],
  ])('every kind refuses %s', (_name, value) => {
    for (const schema of [lineText(100), nameText(100), longText(100)]) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TEXT_MESSAGES.unsafeCharacters);
    }
  });

  it('a line refuses line breaks and tabs; a long text keeps them', () => {
    expect(lineText(100).safeParse('a\nb').success).toBe(false);
    expect(lineText(100).safeParse('a\tb').success).toBe(false);
    expect(nameText(100).safeParse('a\nb').success).toBe(false);
    expect(longText(100).parse('line one\r\n\tline two')).toBe('line one\r\n\tline two');
    expect(longText(100).safeParse('a\u0000b').success).toBe(false);
  });

  it('keeps ordinary text in any script, emoji pairs included, trimmed', () => {
    expect(lineText(100).parse('  José Ñúñez — 東京 ')).toBe('José Ñúñez — 東京');
    expect(longText(100).parse('مرحبا بالعالم')).toBe('مرحبا بالعالم');
    expect(nameText(100).parse('Bakery 🥐 & Café')).toBe('Bakery 🥐 & Café');
    // Left-to-right and right-to-left marks are not overrides: Hebrew and Arabic text needs them.
    expect(lineText(100).parse('a\u200fb')).toBe('a\u200fb');
  });

  it('a name is trimmed and its inner whitespace collapsed; a line and a paragraph keep theirs', () => {
    expect(nameText(100).parse('  Race   Industry ')).toBe('Race Industry');
    expect(nameText(100).parse('Ada\u00a0\u00a0Byron')).toBe('Ada Byron');
    expect(lineText(100).parse('Suite  4')).toBe('Suite  4');
    expect(longText(100).parse('one  two')).toBe('one  two');
  });

  it('counts the length after trimming, and says the limit', () => {
    expect(lineText(5).parse('  abcde  ')).toBe('abcde');
    const result = lineText(5).safeParse('abcdef');
    expect(result.error?.issues[0]?.message).toBe('Keep this to 5 characters or fewer');
    expect(longText(2000).safeParse('x'.repeat(2001)).error?.issues[0]?.message).toBe(
      'Keep this to 2,000 characters or fewer',
    );
  });

  it('required kinds say their own message when empty or only spaces', () => {
    expect(requiredLine('First name is required', 10).safeParse('   ').error?.issues[0]?.message).toBe(
      'First name is required',
    );
    expect(requiredName('Industry name is required', 10).safeParse(' \t ').success).toBe(false);
    expect(requiredName('Industry name is required', 10).safeParse(undefined).error?.issues[0]?.message).toBe(
      'Industry name is required',
    );
  });

  it('an empty optional text is null', () => {
    expect(orNull(lineText(10)).parse('   ')).toBeNull();
    expect(orNull(lineText(10)).parse(undefined)).toBeNull();
    expect(orNull(nameText(10)).parse(' a  b ')).toBe('a b');
  });

  it('toSafeLine strips what a line may not hold', () => {
    expect(toSafeLine(' Ada\u0000 By\u202Eron ')).toBe('Ada Byron');
    expect(toSafeLine('a\ud800b')).toBe('ab');
  });
});
