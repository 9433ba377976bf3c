import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type MockServer, type MockServerOptions, startMockServer } from '../../src/mock/server.js';

export interface MockForSvc {
  server: MockServer;
  /** SERVICE_BASE_URL and SERVICE_API_KEY pointing bin/svc at the server. */
  env: Record<string, string>;
}

/** One mock per test file for end-to-end runs of bin/svc, reset before each test. */
export function useMockForSvc(options: MockServerOptions = {}): MockForSvc {
  const mock = {} as MockForSvc;
  beforeAll(async () => {
    mock.server = await startMockServer({ port: 0, ...options });
  });
  afterAll(() => mock.server.close());
  beforeEach(() => {
    mock.server.reset();
    mock.env = { SERVICE_BASE_URL: mock.server.url, SERVICE_API_KEY: mock.server.apiKey };
  });
  return mock;
}
