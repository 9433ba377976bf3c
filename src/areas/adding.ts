// What `svc areas add` and `update` load, and nothing else does: the importer's reading, choice and
// mapping (with the YAML parser), the compile and the store's writer. The build makes it a script
// of its own, dist/areas-add.cjs (scripts/build/bundle.mjs), so that every other command's script
// is smaller by it.
export { addDescriptions } from './add-description.js';
export { readAreaNames, readRenames } from '../openapi/import/choice.js';
export { ImportRefusal } from '../openapi/import/refusal.js';
