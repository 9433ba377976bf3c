import { areaOf } from '../../registry/define.js';
import { InputError } from '../errors.js';
import type { OperationTool } from './tool-catalog.js';

/** Which tools a server offers: least privilege, each from a flag or else the environment. */
export interface ToolFilter {
  /** Only tools that read (`--read-only`, SVC_MCP_READ_ONLY). */
  readOnly: boolean;
  /** Only these areas' tools, plus any named in `tools` (`--areas`, SVC_MCP_AREAS). */
  areas?: readonly string[];
  /** Only these tools, plus any area in `areas` (`--tools`, SVC_MCP_TOOLS). */
  tools?: readonly string[];
  /** Never these tools (`--exclude-tools`, SVC_MCP_EXCLUDE_TOOLS). */
  excludeTools?: readonly string[];
}

export interface FilterFlags {
  readOnly?: boolean;
  areas?: string;
  tools?: string;
  excludeTools?: string;
}

/** The filter from the flags, each absent flag taken from its SVC_MCP_* variable. */
export function readToolFilter(flags: FilterFlags, env: Record<string, string | undefined>): ToolFilter {
  const list = (flag: string | undefined, variable: string, origin: string): string[] | undefined => {
    const text = flag ?? env[variable];
    if (text === undefined) return undefined;
    const names = text
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (names.length === 0) throw new InputError(`${flag === undefined ? variable : origin} names nothing: give comma-separated names`);
    return names;
  };
  const filter: ToolFilter = { readOnly: flags.readOnly === true || yes(env.SVC_MCP_READ_ONLY, 'SVC_MCP_READ_ONLY') };
  const areas = list(flags.areas, 'SVC_MCP_AREAS', '--areas');
  const tools = list(flags.tools, 'SVC_MCP_TOOLS', '--tools');
  const excludeTools = list(flags.excludeTools, 'SVC_MCP_EXCLUDE_TOOLS', '--exclude-tools');
  return { ...filter, ...(areas ? { areas } : {}), ...(tools ? { tools } : {}), ...(excludeTools ? { excludeTools } : {}) };
}

/** A yes/no variable: 1, true, yes (on) or 0, false, no, empty (off); anything else is refused. */
export function yes(value: string | undefined, name: string): boolean {
  if (value === undefined) return false;
  const word = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(word)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(word)) return false;
  throw new InputError(`${name} must be 1 or 0 (true or false), not "${value}"`);
}

/** Refuses, in one line, a name that is no area or no operation: a typo must not widen or silently narrow what is served. */
export function checkFilterNames(filter: ToolFilter, tools: readonly OperationTool[], areaNames: readonly string[]): void {
  const ids = new Set(tools.map((tool) => tool.id));
  const unknownAreas = (filter.areas ?? []).filter((area) => !areaNames.includes(area));
  if (unknownAreas.length > 0) throw new InputError(`unknown area ${unknownAreas.join(', ')}: the areas are ${[...areaNames].sort().join(', ')}`);
  for (const [names, origin] of [
    [filter.tools, '--tools'],
    [filter.excludeTools, '--exclude-tools'],
  ] as const) {
    const unknown = (names ?? []).filter((name) => !ids.has(name));
    if (unknown.length > 0) throw new InputError(`${origin}: unknown tool ${unknown.join(', ')}: run \`svc mcp tools\` to list them`);
  }
}

/**
 * Why a tool is not served, or undefined when it is. Read-only beats exclude, and exclude beats
 * include: a tool named by --tools is still refused when excluded or when it writes under --read-only.
 */
export function whyFiltered(tool: OperationTool, filter: ToolFilter): string | undefined {
  if (filter.readOnly && tool.op.safety !== 'safe') return `${tool.id} changes data, and this server is read-only (--read-only)`;
  if (filter.excludeTools?.includes(tool.id)) return `${tool.id} is excluded (--exclude-tools)`;
  const included = filter.areas === undefined && filter.tools === undefined;
  if (!included && !filter.areas?.includes(areaOf(tool.id)) && !filter.tools?.includes(tool.id))
    return `${tool.id} is not among the areas and tools this server offers (--areas, --tools)`;
  return undefined;
}

/** The tools a filter lets through, in order. */
export const servedTools = (tools: readonly OperationTool[], filter: ToolFilter): OperationTool[] =>
  tools.filter((tool) => whyFiltered(tool, filter) === undefined);
