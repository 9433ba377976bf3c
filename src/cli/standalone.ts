// The entry of the standalone binary (npm run package): what bin/svc.js does, in the one script a
// Node single-executable application runs. It carries its own Node, so there is no version to
// check, and its code cache is built in, so no compile cache to enable.
import { main } from './main.js';

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
