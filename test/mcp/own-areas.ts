import { areaOf } from '../../registry/define.js';
import { workspace } from '../../registry/index.js';

/**
 * svc's own areas, the ones these tests pin: a clone that has imported more areas serves those too,
 * so a test that lists or calls every tool asks for these (SVC_MCP_AREAS for a process).
 */
export const OWN_AREAS: readonly string[] = [...new Set(Object.keys(workspace).map(areaOf))];

/** The environment that has a `bin/svc mcp` process serve svc's own areas alone. */
export const OWN_AREAS_ENV = { SVC_MCP_AREAS: OWN_AREAS.join(',') };
