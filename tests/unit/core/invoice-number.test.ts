import { describe, expect, it } from 'vitest';
import { invoiceNumberKey } from '../../../core/invoice-number.ts';

describe('invoiceNumberKey', () => {
  it('names one invoice however its number was written', () => {
    const variants = [
      'INV-7',
      'inv-7 ',
      '  Inv-7',
      '\uFF29\uFF2E\uFF36\uFF0D\uFF17', // full-width ＩＮＶ－７
      'INV\u200B-7', // zero-width space
      '\uFEFFINV-7', // byte-order mark from a pasted CSV
      'INV\u20107', // hyphen
      'INV\u20117', // non-breaking hyphen
      'INV\u20137', // en dash
      'INV\u20147', // em dash
      'INV\u20157', // horizontal bar
      'INV\u22127', // minus sign
      'INV-7\u3000', // ideographic space
      'INV 7', // a space for the dash
      'inv  -  7', // a run of spaces and dashes
      'INV--7',
      'INV\u00A07', // no-break space
    ];
    for (const v of variants) expect(invoiceNumberKey(v), JSON.stringify(v)).toBe('inv-7');
  });

  it('keeps numbers that differ apart', () => {
    expect(invoiceNumberKey('INV-7')).not.toBe(invoiceNumberKey('INV-07'));
    expect(invoiceNumberKey('INV-7')).not.toBe(invoiceNumberKey('INV_7'));
    expect(invoiceNumberKey('INV-7')).not.toBe(invoiceNumberKey('INV7'));
  });

  it('folds case fully and is idempotent', () => {
    expect(invoiceNumberKey('STRASSE-1')).toBe(invoiceNumberKey('straße-1'));
    for (const s of ['ＩＮＶ－７', 'Straße', 'ΣΊΣΥΦΟΣ-1', 'ﬁle-2', 'x\u0301y'])
      expect(invoiceNumberKey(invoiceNumberKey(s))).toBe(invoiceNumberKey(s));
  });
});
