// A server that answers every request at once with the same JSON (a template preview), so what a
// benchmark measures is the client's cost per call, not the service's. Run as its own
// process: `node fixed-server.mjs` prints `listening on http://127.0.0.1:<port>` and serves until killed.
// `node fixed-server.mjs '{"/v1/a": …}'` answers each path given with its value instead (404 to the rest).
import { createServer } from 'node:http';

const preview = { subject: 'Welcome, Ada', htmlBody: '<p>Hello Ada from Acme</p>', variableNames: ['firstName', 'company'] };
const byPath =
  process.argv[2] === undefined ? undefined : new Map(Object.entries(JSON.parse(process.argv[2])).map(([path, value]) => [path, JSON.stringify(value)]));
const answer = (path) => (byPath ? byPath.get(path) : JSON.stringify(preview));

const server = createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
  req.resume();
  req.on('end', () => {
    const body = answer(req.url) ?? '{"error":{"message":"no such path"}}';
    res.writeHead(byPath && !byPath.has(req.url) ? 404 : 200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
