import { describe, expect, it } from 'vitest';
import { lineText, longText, requiredLine, TEXT_MESSAGES, toSafeLine } from './text';

describe('safe text', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['escape', 'a\u001bb'],
    ['DEL', 'a\u007fb'],
    ['C1 control', 'a\u0085b'],
    ['right-to-left override', 'invoice\u202Egpj.exe'],
    ['left-to-right isolate', 'a\u2066b'],
  ])('a line refuses %s', (_name, value) => {
    const result = lineText(100).safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(TEXT_MESSAGES.unsafeCharacters);
  });

  it('a line refuses line breaks and tabs; a long text keeps them', () => {
    expect(lineText(100).safeParse('a\nb').success).toBe(false);
    expect(lineText(100).safeParse('a\tb').success).toBe(false);
    expect(longText(100).parse('line one\r\n\tline two')).toBe('line one\r\n\tline two');
    expect(longText(100).safeParse('a\u0000b').success).toBe(false);
  });

  it('keeps ordinary text in any script, trimmed', () => {
    expect(lineText(100).parse('  José Ñúñez — 東京 ')).toBe('José Ñúñez — 東京');
    expect(longText(100).parse('مرحبا بالعالم')).toBe('مرحبا بالعالم');
  });

  it('required lines say their own message when empty', () => {
    expect(requiredLine('First name is required', 10).safeParse('   ').error?.issues[0]?.message).toBe(
      'First name is required',
    );
  });

  it('toSafeLine strips what a line may not hold', () => {
    expect(toSafeLine(' Ada\u0000 By\u202Eron ')).toBe('Ada Byron');
  });
});
