/**
 * Xero's organisation `Timezone` values (the `TimeZone` enum of Xero's accounting OpenAPI document)
 * map to IANA zones the runtime knows, so connecting any Xero organisation gives its merchant a
 * usable zone for accounting dates; and XERO_SCOPES / DEFAULT_TIME_ZONE are validated at start-up.
 */
import { describe, expect, it } from 'vitest';
import { ianaFromXeroTimeZone, XERO_TIME_ZONE_IDS } from '../../api/accounting/xero/time-zones.ts';
import { ConfigError, DEFAULT_XERO_SCOPES, loadConfig } from '../../api/config.ts';
import { isTimeZone, localDate } from '../../core/local-date.ts';

describe('Xero organisation time zones', () => {
  it('maps all 141 of Xero’s time zone ids to zones this runtime knows', () => {
    expect(XERO_TIME_ZONE_IDS).toHaveLength(141);
    for (const id of XERO_TIME_ZONE_IDS) expect(isTimeZone(ianaFromXeroTimeZone(id)!), id).toBe(true);
  });

  it('gives the zones Australian and New Zealand merchants use, and null for what it does not know', () => {
    expect(ianaFromXeroTimeZone('AUSEASTERNSTANDARDTIME')).toBe('Australia/Sydney');
    expect(ianaFromXeroTimeZone('WAUSTRALIASTANDARDTIME')).toBe('Australia/Perth');
    expect(ianaFromXeroTimeZone('EAUSTRALIASTANDARDTIME')).toBe('Australia/Brisbane');
    expect(ianaFromXeroTimeZone('CENAUSTRALIASTANDARDTIME')).toBe('Australia/Adelaide');
    expect(ianaFromXeroTimeZone('NEWZEALANDSTANDARDTIME')).toBe('Pacific/Auckland');
    expect(ianaFromXeroTimeZone('UTC08')).toBe('Etc/GMT+8'); // UTC-08:00
    expect(ianaFromXeroTimeZone('MARSSTANDARDTIME')).toBeNull();
    expect(ianaFromXeroTimeZone(null)).toBeNull();
    // Brisbane has no daylight saving: 1 July 00:30 local is 30 June 14:30 UTC all year.
    expect(localDate('2027-06-30T14:30:00Z', ianaFromXeroTimeZone('EAUSTRALIASTANDARDTIME')!)).toBe(
      '2027-07-01',
    );
  });
});

describe('accounting configuration', () => {
  it('asks Xero for the granular scopes by default; XERO_SCOPES replaces them', () => {
    expect(loadConfig({}).xero.scopes).toBe(DEFAULT_XERO_SCOPES);
    expect(DEFAULT_XERO_SCOPES.split(' ')).not.toContain('accounting.transactions');
    expect(loadConfig({ XERO_SCOPES: ' offline_access   accounting.transactions ' }).xero.scopes).toBe(
      'offline_access accounting.transactions',
    );
    expect(() => loadConfig({ XERO_SCOPES: 'offline_access; drop' })).toThrow(ConfigError);
  });

  it('defaults new merchants to Australia/Sydney and refuses a zone it does not know', () => {
    expect(loadConfig({}).defaultTimeZone).toBe('Australia/Sydney');
    expect(loadConfig({ DEFAULT_TIME_ZONE: 'Pacific/Auckland' }).defaultTimeZone).toBe('Pacific/Auckland');
    expect(() => loadConfig({ DEFAULT_TIME_ZONE: 'Sydney' })).toThrow(
      'Invalid configuration: DEFAULT_TIME_ZONE must be an IANA time zone such as Australia/Sydney (got "Sydney")',
    );
  });
});
