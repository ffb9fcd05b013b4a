/**
 * client/api-types.ts (the browsers' response types) is generated from the API's OpenAPI
 * document: when a schema changes, the checked-in file must be regenerated (`npm run api-types`),
 * so the widget and console type-check against what the server really answers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from '../../scripts/api-types-lib.ts';

describe('client/api-types.ts', () => {
  it('matches the OpenAPI document (else run `npm run api-types`)', async () => {
    const expected = await generateApiTypes();
    const current = readFileSync(API_TYPES_FILE, 'utf8');
    // A short verdict first, so a failure says what to do before the diff.
    expect(current === expected, `${API_TYPES_FILE} is out of date: run \`npm run api-types\``).toBe(true);
  }, 60_000);
});
