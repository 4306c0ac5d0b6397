import { describe, expect, it } from 'vitest';
import { parseCsv } from '../src/lib/csv';

const refusal = async (text: string) => {
  try {
    await parseCsv(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the file was read');
};

describe('reading a CSV file', () => {
  it('reads quoted commas, doubled quotes and line breaks, with any line ending and a BOM', async () => {
    const text = '\uFEFFname,notes\r\nAnn,"1 Main St, Unit 2"\nBob,"say ""hi"""\rCy,"two\r\nlines"\r\n';
    expect(await parseCsv(text)).toEqual([
      ['name', 'notes'],
      ['Ann', '1 Main St, Unit 2'],
      ['Bob', 'say "hi"'],
      ['Cy', 'two\r\nlines'],
    ]);
  });

  it('skips blank lines, keeps short and long rows, and a quote inside an unquoted field', async () => {
    expect(await parseCsv('a,b,c\n\n1\n\r\n1,2,3,4\n5" pipe,x\n')).toEqual([
      ['a', 'b', 'c'],
      ['1'],
      ['1', '2', '3', '4'],
      ['5" pipe', 'x'],
    ]);
    expect(await parseCsv('')).toEqual([]);
    expect(await parseCsv('\uFEFF')).toEqual([]);
  });

  it('ignores spaces after a closing quote', async () => {
    expect(await parseCsv('zip,city\n"85004" ,"Phoenix"  \n')).toEqual([
      ['zip', 'city'],
      ['85004', 'Phoenix'],
    ]);
  });

  it('names the line where a quote that is never closed opens', async () => {
    expect(await refusal('a,b\n1,2\n3,"open\n4,5\n')).toBe('A quoted field opened on line 3 is never closed');
    expect(await refusal('"a,b\n1,2\n')).toBe('A quoted field opened on line 1 is never closed');
    expect(await refusal('a,b\n1,2\n\n"open,3\n4,5')).toBe('A quoted field opened on line 4 is never closed');
    // CRLF is one line break; blank lines and a multi-line field before it count as lines.
    expect(await refusal('a,b\r\n1,2\r\n\r\n\r\n3,"open\r\n4,5\r\n')).toBe(
      'A quoted field opened on line 5 is never closed',
    );
    expect(await refusal('a,b,c\n1,"two\nlines","open\n4,5\n')).toBe(
      'A quoted field opened on line 3 is never closed',
    );
    expect(await refusal('\uFEFFa,b\nñé,"ü\nß",x\n"open')).toBe(
      'A quoted field opened on line 4 is never closed',
    );
  });

  it('refuses a quoted field that goes on after its closing quote, with its line', async () => {
    expect(await refusal('zip,street\r\n85004,"12" Main St\r\n')).toBe(
      'The quoted field on line 2 goes on after its closing quote (a quote inside a quoted field is written twice: "")',
    );
  });
});
