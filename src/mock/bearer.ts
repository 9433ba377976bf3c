import { failure, type Reply } from './reply.js';

/** Agent session tokens created by `svc auth login` (spec: Authentication, scheme AgentSession). */
export const agentTokenPrefix = 'svc_agent_';

/** A 401 for a missing or unknown bearer token; `undefined` when the token is accepted. */
export function refuseBearer(authorization: string | null | undefined, apiKey: string): Reply | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
  if (!match) {
    return withChallenge(failure(401, 'No bearer token was sent; send "Authorization: Bearer <SERVICE_API_KEY>".'));
  }
  const token = match[1]!;
  const isAgentToken = token.startsWith(agentTokenPrefix) && token.length > agentTokenPrefix.length;
  if (token === apiKey || isAgentToken) return undefined;
  return withChallenge(failure(401, 'The bearer token is not accepted by this workspace.'));
}

function withChallenge(reply: Reply): Reply {
  return { ...reply, headers: { 'www-authenticate': 'Bearer' } };
}
