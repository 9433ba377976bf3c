// The description's schemas as ajv reads them for a request: the document changed so that
// what OpenAPI says in its own words is said in JSON Schema's.
//   - 3.0 `nullable` without `type` is dropped (3.0.3: it then means nothing; ajv refuses it);
//   - 3.0 boolean `exclusiveMinimum`/`exclusiveMaximum` (draft-04 style) become numbers;
//   - a `readOnly` property is left out of a request's properties and required list: OpenAPI
//     says it is not sent in a request (so one that is sent fails where additionalProperties is false).
// `example`, `examples` and `x-` extensions hold data, not schemas: they are copied as they are.

/** `document` (parsed for this alone: it is changed in place), its schemas read for requests. */
export function requestSchemas(document, version) {
  const is30 = version.startsWith('3.0.');
  const visit = (node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    if (is30) fromOpenApi30(node);
    dropReadOnly(node);
    for (const [key, value] of Object.entries(node)) if (key !== 'example' && key !== 'examples' && !key.startsWith('x-')) visit(value);
  };
  visit(document);
  return document;
}

function fromOpenApi30(schema) {
  if (typeof schema.nullable === 'boolean' && schema.type === undefined) delete schema.nullable;
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ]) {
    if (typeof schema[flag] !== 'boolean') continue;
    if (schema[flag] && typeof schema[bound] === 'number') {
      schema[flag] = schema[bound];
      delete schema[bound];
    } else delete schema[flag];
  }
}

function dropReadOnly(schema) {
  const properties = schema.properties;
  if (!properties || typeof properties !== 'object' || Array.isArray(properties)) return;
  const readOnly = Object.keys(properties).filter((name) => properties[name]?.readOnly === true);
  if (readOnly.length === 0) return;
  for (const name of readOnly) delete properties[name];
  if (Array.isArray(schema.required)) schema.required = schema.required.filter((name) => !readOnly.includes(name));
}
