// Runs infra/cityops_infra/viewer_request.js under node the way CloudFront Functions would:
// the `cloudfront` module is replaced by a fake whose KeyValueStore holds the given file list.
// stdin: {"source": path, "files": [...], "kvsDown": bool, "events": [event, ...]}
// stdout: the handler's results, in order, as JSON.
'use strict';
const fs = require('fs');
const vm = require('vm');

const IMPORT_LINE = "import cf from 'cloudfront';";

function fakeKvs(files, down) {
  const keys = new Set(files);
  return {
    async exists(key) {
      if (down) throw new Error('KeyValueStore unavailable');
      return keys.has(key);
    },
    async get(key) {
      if (down || !keys.has(key)) throw new Error('key not found: ' + key);
      return '1';
    },
  };
}

async function main() {
  const input = JSON.parse(fs.readFileSync(0, 'utf8'));
  const source = fs.readFileSync(input.source, 'utf8');
  if (source.split('\n').filter((line) => line.trim() === IMPORT_LINE).length !== 1) {
    throw new Error('the function must import the cloudfront module exactly once: ' + IMPORT_LINE);
  }
  const kvs = fakeKvs(input.files, Boolean(input.kvsDown));
  const context = vm.createContext({ cf: { kvs: () => kvs } });
  vm.runInContext(source.replace(IMPORT_LINE, ''), context, { filename: input.source });
  if (typeof context.handler !== 'function') throw new Error('no handler() in ' + input.source);
  const results = [];
  for (const event of input.events) {
    results.push(await context.handler(event));
  }
  process.stdout.write(JSON.stringify(results));
}

main().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error) + '\n');
  process.exit(1);
});
