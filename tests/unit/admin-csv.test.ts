/**
 * The console's CSV exports are safe to open in a spreadsheet (OWASP "CSV Injection"): a text cell
 * that starts with =, +, -, @, tab or carriage return cannot run as a formula; quoting holds commas,
 * quotes and line breaks inside their cell; plain numbers stay numbers.
 */
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../admin/src/shared/csv-format.ts';

describe('csvCell', () => {
  it('neutralises every formula trigger with a leading quote, inside a quoted cell', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
    );
    expect(csvCell('+1+2')).toBe(`"'+1+2"`);
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe(`"'-2+3+cmd|' /C calc'!A0"`);
    expect(csvCell('@SUM(A1:A9)')).toBe(`"'@SUM(A1:A9)"`);
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
  });

  it('quotes ordinary text, doubling quotes; keeps separators and line breaks inside the cell', () => {
    expect(csvCell('INV-0042')).toBe('"INV-0042"');
    expect(csvCell('Bricks, "Mortar" & Co\nline 2')).toBe('"Bricks, ""Mortar"" & Co\nline 2"');
    expect(csvCell('a=b')).toBe('"a=b"'); // only a leading trigger is a formula
  });

  it('leaves numbers, plain decimal strings, booleans and empty values as they are', () => {
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('1250.00')).toBe('1250.00');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell({ a: '=1' })).toBe('"{""a"":""=1""}"');
  });
});

describe('toCsv', () => {
  it('writes a plain header and CRLF rows', () => {
    expect(
      toCsv(
        ['id', 'invoice_number', 'amount'],
        [
          ['p1', '=HYPERLINK("x")', '10.00'],
          ['p2', 'INV-2', '-5.00'],
        ],
      ),
    ).toBe(`id,invoice_number,amount\r\n"p1","'=HYPERLINK(""x"")",10.00\r\n"p2","INV-2",-5.00`);
  });
});
