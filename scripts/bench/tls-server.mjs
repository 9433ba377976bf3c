// The HTTPS server of the TLS bench: answers every GET with the same JSON (a draft read from svc
// mock), so svc (/v1/…), `gh api` (/api/v3/…) and the node:https one-liner get the same answer.
// In its own process, so the bench's synchronous runs never stall it. Prints its port.
// Usage: node scripts/bench/tls-server.mjs <key.pem> <cert.pem> <body.json>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';

const [keyFile, certFile, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const server = createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) => {
  res.writeHead(req.headers.authorization ? 200 : 401, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
