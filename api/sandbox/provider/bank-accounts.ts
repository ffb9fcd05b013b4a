/**
 * The sandbox's AU BECS Direct Debit test accounts: Stripe's documented ones (BSB 000-000), each with
 * what happens once the debit has been processing for the sandbox's delay (SANDBOX_BECS_DELAY_SECONDS)
 * — it succeeds, fails with the bank's reason, or succeeds and is then disputed — plus the checks
 * Stripe's element makes on what the customer typed. Any other account is refused: the sandbox never
 * handles a real bank account. Only the catalogue key, the BSB and the last four digits are stored.
 */

export type DebitOutcome =
  | { kind: 'succeed' }
  /** Succeeds, then the customer's bank disputes it (charge.dispute.created). */
  | { kind: 'succeed_then_dispute'; reason: string }
  | { kind: 'fail'; code: string; message: string };

export interface TestBankAccount {
  key: string;
  bsb: string;
  accountNumber: string;
  outcome: DebitOutcome;
  description: string;
}

/** Stripe's messages for a debit the customer's bank returned. */
export const DEBIT_FAILURE_MESSAGES = {
  account_closed: "The customer's bank account has been closed.",
  insufficient_funds: "The customer's account has insufficient funds to cover this payment.",
} as const;

export const NOT_A_TEST_ACCOUNT_MESSAGE =
  'Test mode: use a test bank account (BSB 000-000, account number 000123456)';

const fail = (code: keyof typeof DEBIT_FAILURE_MESSAGES) =>
  ({ kind: 'fail', code, message: DEBIT_FAILURE_MESSAGES[code] }) as const;

// prettier-ignore
export const TEST_BANK_ACCOUNTS: readonly TestBankAccount[] = [
  { key: 'becs_succeeds', bsb: '000000', accountNumber: '000123456', outcome: { kind: 'succeed' }, description: 'Succeeds after the delay' },
  { key: 'becs_account_closed', bsb: '000000', accountNumber: '111111113', outcome: fail('account_closed'), description: 'Fails after the delay: account closed' },
  { key: 'becs_insufficient_funds', bsb: '000000', accountNumber: '111111116', outcome: fail('insufficient_funds'), description: 'Fails after the delay: insufficient funds' },
  { key: 'becs_disputed', bsb: '000000', accountNumber: '222222227', outcome: { kind: 'succeed_then_dispute', reason: 'debit_not_authorized' }, description: 'Succeeds after the delay, then is disputed' },
];

const BY_KEY = new Map(TEST_BANK_ACCOUNTS.map((a) => [a.key, a]));

export function testBankAccountByKey(key: string): TestBankAccount | null {
  return BY_KEY.get(key) ?? null;
}

export interface BankAccountInput {
  bsb: string;
  accountNumber: string;
  name: string | null;
  email: string | null;
}

export interface BankInputError {
  code: string;
  message: string;
  param: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Check what the customer typed as Stripe's BECS element does, then refuse non-test accounts. */
export function checkTestBankAccount(
  input: BankAccountInput,
): { account: TestBankAccount } | { error: BankInputError } {
  if (!input.name?.trim())
    return {
      error: { code: 'incomplete_name', message: 'Your name is incomplete.', param: 'billing_details[name]' },
    };
  if (!input.email?.trim() || !EMAIL.test(input.email.trim()))
    return {
      error: {
        code: 'email_invalid',
        message: 'Your email address is invalid.',
        param: 'billing_details[email]',
      },
    };
  const bsb = input.bsb.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(bsb))
    return {
      error: {
        code: 'invalid_bsb_number',
        message: 'Your BSB is invalid.',
        param: 'au_becs_debit[bsb_number]',
      },
    };
  const number = input.accountNumber.replace(/[\s-]/g, '');
  if (!/^\d{5,9}$/.test(number))
    return {
      error: {
        code: 'invalid_bank_account_number',
        message: 'Your bank account number is invalid.',
        param: 'au_becs_debit[account_number]',
      },
    };
  const account = TEST_BANK_ACCOUNTS.find((a) => a.bsb === bsb && a.accountNumber === number);
  if (!account)
    return {
      error: {
        code: 'test_mode_live_bank_account',
        message: NOT_A_TEST_ACCOUNT_MESSAGE,
        param: 'au_becs_debit[account_number]',
      },
    };
  return { account };
}
