// A server that answers every request at once with the same JSON (a template preview), so what a
// benchmark measures is the client's cost per call, not the service's. Run as its own
// process: `node fixed-server.mjs` prints `listening on http://127.0.0.1:<port>` and serves until killed.
import { createServer } from 'node:http';

const body = JSON.stringify({ subject: 'Welcome, Ada', htmlBody: '<p>Hello Ada from Acme</p>', variableNames: ['firstName', 'company'] });
const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };

const server = createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
