import { describe, expect, it } from 'vitest';
import { formulaSafe } from './csv';

// The export rule: cells starting with =, +, -, @, tab or CR get a leading apostrophe. Written by hand.
describe('formula-safe CSV cells', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 970 555 0100', "'+1 970 555 0100"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tindented', "'\tindented"],
    ['\r=HYPERLINK("x")', '\'\r=HYPERLINK("x")'],
  ])('prefixes %j with an apostrophe', (cell, expected) => {
    expect(formulaSafe(cell)).toBe(expected);
  });

  it('prefixes a negative number, written as text', () => {
    expect(formulaSafe(-12.5)).toBe("'-12.5");
  });

  it.each([
    ['Acme Plumbing', 'Acme Plumbing'],
    ['A=B', 'A=B'],
    ['970-555-0100', '970-555-0100'],
    [' =not first', ' =not first'],
    ['line\nbreak', 'line\nbreak'],
    ["'quoted", "'quoted"],
  ])('leaves %j as it is', (cell, expected) => {
    expect(formulaSafe(cell)).toBe(expected);
  });

  it('writes numbers as text and nothing as an empty cell', () => {
    expect(formulaSafe(42)).toBe('42');
    expect(formulaSafe(0)).toBe('0');
    expect(formulaSafe(null)).toBe('');
    expect(formulaSafe(undefined)).toBe('');
  });
});
