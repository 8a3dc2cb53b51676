// The TypeScript client generated from the API's OpenAPI document (`npm run gen:api`).
// OPENAPI_TS_INPUT / OPENAPI_TS_OUTPUT let tests/unit/test_openapi_client.py regenerate elsewhere and
// compare with the committed files.
import { resolve } from 'node:path';

/** @type {import('@hey-api/openapi-ts').UserConfig} */
export default {
  // An absolute path: the generated types must not depend on how the input was named.
  input: resolve(process.env.OPENAPI_TS_INPUT ?? 'openapi.json'),
  output: process.env.OPENAPI_TS_OUTPUT ?? 'src/lib/api/generated',
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
  logs: { file: false },
};
