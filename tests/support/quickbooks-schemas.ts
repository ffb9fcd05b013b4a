/**
 * The QuickBooks Online entities the connector writes, as Intuit's Accounting API reference defines
 * them (developer.intuit.com → QuickBooks Online → API reference → Accounting → All entities:
 * Payment, Deposit, Purchase, RefundReceipt, CreditMemo): the writable attributes of each (so
 * anything else is refused), their types, and what the reference marks required for a create
 * ("Payment: TotalAmt, CustomerRef"; "Deposit: DepositToAccountRef, Line"; "Purchase: PaymentType,
 * AccountRef, Line"; "RefundReceipt: Line, DepositToAccountRef"; "CreditMemo: Line, CustomerRef"),
 * a sparse update ("Id, SyncToken, sparse") and a delete ("Id, SyncToken").
 */
import type { PropSpec, SchemaSet } from './strict-body.ts';

const str: PropSpec = { type: 'string' };
const money: PropSpec = { type: 'number', money: true };
const date: PropSpec = { type: 'string', date: true };
const ref = (name = 'ReferenceType'): PropSpec => ({ type: 'object', ref: name });
const list = (item: PropSpec): PropSpec => ({ type: 'array', items: item });

const transaction: Record<string, PropSpec> = {
  DocNumber: str,
  TxnDate: date,
  PrivateNote: str,
  CurrencyRef: ref(),
  ExchangeRate: { type: 'number' },
  TxnSource: str,
  domain: str,
};

const salesLine: Record<string, PropSpec> = {
  Id: str,
  LineNum: { type: 'number' },
  Amount: money,
  Description: str,
  DetailType: {
    type: 'string',
    enum: [
      'SalesItemLineDetail',
      'GroupLineDetail',
      'DescriptionOnly',
      'DiscountLineDetail',
      'SubTotalLineDetail',
    ],
  },
  SalesItemLineDetail: ref('SalesItemLineDetail'),
};

export const QUICKBOOKS_SCHEMAS: SchemaSet = {
  schemas: {
    ReferenceType: { required: ['value'], properties: { value: str, name: str, type: str } },
    LinkedTxn: {
      required: ['TxnId', 'TxnType'],
      properties: {
        TxnId: str,
        TxnType: {
          type: 'string',
          enum: ['Invoice', 'CreditMemo', 'JournalEntry', 'Expense', 'Check', 'Deposit'],
        },
        TxnLineId: str,
      },
    },
    // Intuit's Line type requires DetailType on every line; a payment's lines are PaymentLineDetail.
    PaymentLine: {
      required: ['Amount', 'DetailType', 'LinkedTxn'],
      properties: {
        Amount: money,
        DetailType: { type: 'string', enum: ['PaymentLineDetail'] },
        LinkedTxn: list(ref('LinkedTxn')),
      },
    },
    Payment: {
      required: ['TotalAmt', 'CustomerRef'],
      properties: {
        ...transaction,
        TotalAmt: money,
        CustomerRef: ref(),
        DepositToAccountRef: ref(),
        ARAccountRef: ref(),
        PaymentMethodRef: ref(),
        PaymentRefNum: str,
        ProcessPayment: { type: 'boolean' },
        Line: list(ref('PaymentLine')),
      },
    },
    PaymentSparseUpdate: {
      required: ['Id', 'SyncToken', 'sparse'],
      properties: {
        Id: str,
        SyncToken: str,
        sparse: { type: 'boolean' },
        TotalAmt: money,
        TxnDate: date,
        PrivateNote: str,
        Line: list(ref('PaymentLine')),
      },
    },
    Delete: { required: ['Id', 'SyncToken'], properties: { Id: str, SyncToken: str } },
    DepositLineDetail: {
      required: ['AccountRef'],
      properties: {
        AccountRef: ref(),
        Entity: ref(),
        PaymentMethodRef: ref(),
        CheckNum: str,
        ClassRef: ref(),
        TaxCodeRef: ref(),
      },
    },
    DepositLine: {
      required: ['Amount', 'DetailType', 'DepositLineDetail'],
      properties: {
        Id: str,
        LineNum: { type: 'number' },
        Amount: money,
        Description: str,
        DetailType: { type: 'string', enum: ['DepositLineDetail'] },
        DepositLineDetail: ref('DepositLineDetail'),
        LinkedTxn: list(ref('LinkedTxn')),
      },
    },
    Deposit: {
      required: ['DepositToAccountRef', 'Line'],
      properties: {
        ...transaction,
        DepositToAccountRef: ref(),
        TotalAmt: money,
        Line: list(ref('DepositLine')),
      },
    },
    AccountBasedExpenseLineDetail: {
      required: ['AccountRef'],
      properties: {
        AccountRef: ref(),
        TaxCodeRef: ref(),
        CustomerRef: ref(),
        ClassRef: ref(),
        BillableStatus: str,
        TaxAmount: money,
      },
    },
    PurchaseLine: {
      required: ['Amount', 'DetailType', 'AccountBasedExpenseLineDetail'],
      properties: {
        Id: str,
        LineNum: { type: 'number' },
        Amount: money,
        Description: str,
        DetailType: { type: 'string', enum: ['AccountBasedExpenseLineDetail'] },
        AccountBasedExpenseLineDetail: ref('AccountBasedExpenseLineDetail'),
      },
    },
    Purchase: {
      required: ['PaymentType', 'AccountRef', 'Line'],
      properties: {
        ...transaction,
        PaymentType: { type: 'string', enum: ['Cash', 'Check', 'CreditCard'] },
        AccountRef: ref(),
        EntityRef: ref(),
        PaymentMethodRef: ref(),
        TotalAmt: money,
        Credit: { type: 'boolean' },
        Line: list(ref('PurchaseLine')),
      },
    },
    SalesItemLineDetail: {
      properties: {
        ItemRef: ref(),
        Qty: { type: 'number' },
        UnitPrice: { type: 'number' },
        TaxCodeRef: ref(),
        ServiceDate: date,
        ClassRef: ref(),
      },
    },
    SalesLine: { required: ['Amount', 'DetailType'], properties: salesLine },
    RefundReceipt: {
      required: ['Line', 'DepositToAccountRef'],
      properties: {
        ...transaction,
        CustomerRef: ref(),
        DepositToAccountRef: ref(),
        PaymentMethodRef: ref(),
        PaymentRefNum: str,
        CustomerMemo: ref(),
        TotalAmt: money,
        Line: list(ref('SalesLine')),
      },
    },
    CreditMemo: {
      required: ['Line', 'CustomerRef'],
      properties: {
        ...transaction,
        CustomerRef: ref(),
        CustomerMemo: ref(),
        TotalAmt: money,
        Line: list(ref('SalesLine')),
      },
    },
  },
};
