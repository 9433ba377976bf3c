// A private certificate authority and server certificates for loopback HTTPS, made with the openssl
// CLI in a temporary folder: the TLS bench and the network tests use it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NEW_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
const LOOPBACK_NAMES = 'subjectAltName=IP:127.0.0.1,DNS:localhost\n';

/** Whether the openssl command can be run; when it cannot, callers skip, saying so. */
export function hasOpenssl() {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes a CA (`caFile`, for NODE_EXTRA_CA_CERTS or SSL_CERT_FILE) and a key and certificate per
 * kind: `trusted` (from the CA, for 127.0.0.1 and localhost), and one of each failure a client must
 * refuse: `self-signed`, `unknown-issuer` (from another CA), `expired` and `wrong-name`.
 * `remove()` deletes the folder.
 */
export function makeCertificates() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-ca-'));
  const file = (name) => join(dir, name);
  const openssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const makeCa = (name, subject) =>
    openssl(
      'req',
      '-x509',
      ...NEW_KEY,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-subj',
      `/CN=${subject}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
  makeCa('ca', 'svc test CA');
  makeCa('other-ca', 'svc unknown CA');
  writeFileSync(file('loopback.ext'), LOOPBACK_NAMES);
  writeFileSync(file('wrong-name.ext'), 'subjectAltName=DNS:api.example.test\n');
  const request = (name) => openssl('req', ...NEW_KEY, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', '/CN=127.0.0.1');
  const sign = (name, ca, names) =>
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-extfile',
      names,
    );
  for (const name of ['trusted', 'unknown-issuer', 'expired', 'wrong-name']) request(name);
  sign('trusted', 'ca', 'loopback.ext');
  sign('unknown-issuer', 'other-ca', 'loopback.ext');
  sign('wrong-name', 'ca', 'wrong-name.ext');
  signExpired(openssl, file);
  openssl(
    'req',
    '-x509',
    ...NEW_KEY,
    '-keyout',
    'self-signed.key',
    '-out',
    'self-signed.pem',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    LOOPBACK_NAMES.trim(),
  );
  const pair = (name) => ({ key: readFileSync(file(`${name}.key`), 'utf8'), cert: readFileSync(file(`${name}.pem`), 'utf8') });
  const kinds = ['trusted', 'self-signed', 'unknown-issuer', 'expired', 'wrong-name'];
  return {
    dir,
    caFile: file('ca.pem'),
    servers: Object.fromEntries(kinds.map((kind) => [kind, pair(kind)])),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `openssl x509` (3.0) cannot date a certificate in the past; `openssl ca` can, with a minimal setup. */
function signExpired(openssl, file) {
  writeFileSync(
    file('ca.cnf'),
    '[ca]\ndefault_ca = sect\n[sect]\ndatabase = index.txt\nnew_certs_dir = .\nserial = serial.txt\ndefault_md = sha256\npolicy = any\nunique_subject = no\n[any]\ncommonName = supplied\n',
  );
  writeFileSync(file('index.txt'), '');
  writeFileSync(file('serial.txt'), '01\n');
  openssl(
    'ca',
    '-batch',
    '-config',
    'ca.cnf',
    '-cert',
    'ca.pem',
    '-keyfile',
    'ca.key',
    '-in',
    'expired.csr',
    '-out',
    'expired.pem',
    '-startdate',
    '20200101000000Z',
    '-enddate',
    '20200102000000Z',
    '-extfile',
    'loopback.ext',
    '-notext',
  );
}
