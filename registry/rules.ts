import * as z from 'zod/mini';

/**
 * A rule across body fields, declared once with the schema: the schema enforces it (so the CLI,
 * the client and the mock's 400 refuse the same bodies), and help, `svc ops` and the OpenAPI
 * export (as `anyOf`) read it from here.
 */
export interface FieldRule {
  kind: 'at-least-one';
  /** Body field names the rule is about, in the order a user reads them. */
  fields: readonly string[];
  /** The rule in a sentence, as the validation error says it. */
  description: string;
}

const fieldRules = z.registry<{ rules: readonly FieldRule[] }>();

type ObjectSchema = z.ZodMiniObject;

/** At least one of these fields must be given: `atLeastOneOf(PersonBody, ['email', 'linkedinProfileUrl'], '…')`. */
export function atLeastOneOf<S extends ObjectSchema>(schema: S, fields: readonly (keyof S['shape'] & string)[], description: string): S {
  const rule: FieldRule = { kind: 'at-least-one', fields, description };
  const given = (value: Record<string, unknown>) => fields.some((field) => value[field] !== undefined);
  const checked = schema.check(z.refine((value) => given(value as Record<string, unknown>), { message: description, path: [fields[0]!] })) as S;
  z.globalRegistry.add(checked, { ...z.globalRegistry.get(checked), anyOf: fields.map((field) => ({ required: [field] })) });
  fieldRules.add(checked, { rules: [...rulesOf(schema), rule] });
  return checked;
}

/** The cross-field rules declared on a body schema, if any. */
export function rulesOf(schema: unknown): readonly FieldRule[] {
  return (schema ? fieldRules.get(schema as ObjectSchema)?.rules : undefined) ?? [];
}

/** "at least one of --email and --linkedin-profile-url": a rule in words, fields named by `name`. */
export function ruleText(rule: FieldRule, name: (field: string) => string = (field) => field): string {
  const names = rule.fields.map(name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `at least one of ${list}`;
}
