/** `npm run api-types`: regenerate client/api-types.ts from the API's OpenAPI document (see api-types-lib.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { API_TYPES_FILE, generateApiTypes } from './api-types-lib.ts';

const next = await generateApiTypes();
let current = '';
try {
  current = readFileSync(API_TYPES_FILE, 'utf8');
} catch {
  /* first run */
}
if (current === next) console.log(`${API_TYPES_FILE} is up to date`);
else {
  writeFileSync(API_TYPES_FILE, next);
  console.log(`wrote ${API_TYPES_FILE}`);
}
