// Preloaded with `node --import`: appends every module URL the process loads to $SVC_TRACE_IMPORTS.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.SVC_TRACE_IMPORTS;
registerHooks({
  load(url, context, nextLoad) {
    if (file) appendFileSync(file, `${url}\n`);
    return nextLoad(url, context);
  },
});
