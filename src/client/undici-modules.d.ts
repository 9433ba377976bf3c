// Types for the undici modules svc imports by path (undici-transport.ts says why), typed by undici's
// published declarations: the Agent the transport dispatches through (not request(), whose stream
// per answer costs a batch CPU per call) and what the proxy agent needs.

declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';

  const AgentClass: typeof Agent;
  export default AgentClass;
}

declare module 'undici/lib/dispatcher/proxy-agent.js' {
  import type { ProxyAgent } from 'undici';

  const ProxyAgentClass: typeof ProxyAgent;
  export default ProxyAgentClass;
}

declare module 'undici/lib/dispatcher/dispatcher.js' {
  import type { Dispatcher } from 'undici';

  const DispatcherClass: typeof Dispatcher;
  export default DispatcherClass;
}

declare module 'undici/lib/api/api-connect.js' {
  import type { Dispatcher } from 'undici';

  /** undici's `Dispatcher.prototype.connect`. */
  export default function connect(this: Dispatcher, options: Dispatcher.ConnectOptions): Promise<Dispatcher.ConnectData>;
}

declare module 'undici/lib/dispatcher/pool.js' {
  import type { Pool } from 'undici';

  const PoolClass: typeof Pool;
  export default PoolClass;
}
