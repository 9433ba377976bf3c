// Preloaded with `node --import`: at exit, writes to $SVC_REPORT_MODULES the Node built-ins the
// process loaded (process.moduleLoadList) and the URLs of the module files it imported.
// node:fs by require(): an ES import of it builds its facade, which loads fs/promises (and readline).
import { createRequire, registerHooks } from 'node:module';

const { writeFileSync } = createRequire(import.meta.url)('node:fs');

const file = process.env.SVC_REPORT_MODULES;
const files = [];
registerHooks({
  load(url, context, nextLoad) {
    files.push(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => {
  if (!file) return;
  const builtins = process.moduleLoadList.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice('NativeModule '.length));
  writeFileSync(file, JSON.stringify({ builtins, files }));
});
