/** The two HTTP bearer schemes every operation accepts (either one passes). */
export const securitySchemes = {
  ServiceApiKey: {
    bearerFormat: 'SERVICE_API_KEY',
    description: 'Workspace-scoped API key taken from the workspace settings; the same key that sandboxes receive as SERVICE_API_KEY.',
  },
  AgentSession: {
    bearerFormat: 'svc_agent_*',
    description: "Agent session token (prefix svc_agent_) created by the command-line tool's sign-in command.",
  },
} as const;
