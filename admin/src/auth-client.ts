/** The console's one instance of the shared browser auth client (client/auth.ts). */
import { createAuthClient } from '../../client/auth.ts';

export const auth = createAuthClient();
