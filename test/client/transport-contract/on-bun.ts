// The Bun half of test/client/transport-contract.test.ts: the cases (JSON, first argument) through
// the node:http transport, as the standalone binary sends; their outcomes as JSON on standard output.
import { createNodeHttpTransport } from '../../../src/client/node-http-transport.js';
import { type ContractCase, runCases } from './run-cases.js';

const cases = JSON.parse(process.argv[2] ?? '[]') as ContractCase[];
if (process.versions.bun === undefined) throw new Error('run this under Bun: it checks the transport svc uses there');
process.stdout.write(`${JSON.stringify(await runCases(cases, createNodeHttpTransport))}\n`);
