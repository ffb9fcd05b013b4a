/**
 * The console's English catalogue: react-admin's own messages (`ra.*`), the resources' names and
 * notifications (`resources.*`, used by react-admin's buttons), and the console's texts
 * (`console.*`, in ./en-frame.ts, ./en-records.ts, ./en-wallets.ts, ./en-accounting.ts, ./en-embed.ts,
 * ./en-team.ts, ./en-onboarding.ts and ./en-roles.ts). Components use keys, never literal texts.
 */
import englishMessages from 'ra-language-english';
import { accountingTexts } from './en-accounting.ts';
import { bankDebit } from './en-bank-debit.ts';
import { embed } from './en-embed.ts';
import { team } from './en-team.ts';
import { frame } from './en-frame.ts';
import { integrations } from './en-integrations.ts';
import { records } from './en-records.ts';
import { onboarding } from './en-onboarding.ts';
import { wallets } from './en-wallets.ts';
import { roles } from './en-roles.ts';

export const en = {
  ...englishMessages,
  resources: {
    merchants: { name: 'Merchant |||| Merchants' },
    payments: { name: 'Payment |||| Payments' },
    blogs: {
      name: 'Blog post |||| Blog posts',
      notifications: {
        deleted: 'Blog post deleted |||| %{smart_count} blog posts deleted',
      },
    },
    invoices: { name: 'Invoice |||| Invoices' },
    prospects: {
      name: 'Prospect |||| Prospects',
      notifications: {
        updated: 'Prospect marked as contacted |||| %{smart_count} prospects marked as contacted',
      },
    },
    'audit-log': { name: 'Audit entry |||| Audit log' },
    'api-keys': { name: 'API key |||| API keys' },
  },
  console: {
    ...frame,
    ...records,
    ...onboarding,
    ...wallets,
    ...integrations,
    ...accountingTexts,
    ...embed,
    ...team,
    ...bankDebit,
    ...roles,
  },
};
