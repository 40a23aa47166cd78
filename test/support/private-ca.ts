// A private CA and certificates made with openssl for one test file: what a company's TLS-inspecting
// proxy or internal service presents. Names are the test's own (*.test never resolves in DNS).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface IssuedCertificate {
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
}

export interface PrivateCa {
  dir: string;
  /** The CA's certificate (PEM), to be trusted. */
  caFile: string;
  /** A certificate for these DNS names (and 127.0.0.1); `expired`: its validity ended yesterday. */
  issue(name: string, dnsNames: string[], options?: { expired?: boolean }): IssuedCertificate;
  remove(): void;
}

function openssl(dir: string, ...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

export function createPrivateCa(label = 'CaseDesk Test Corp Root CA'): PrivateCa {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-ca-'));
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '30',
    '-subj',
    `/CN=${label}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  return {
    dir,
    caFile: join(dir, 'ca.pem'),
    issue(name, dnsNames, options = {}) {
      const ext = join(dir, `${name}.ext`);
      writeFileSync(ext, `subjectAltName=${[...dnsNames.map((n) => `DNS:${n}`), 'IP:127.0.0.1'].join(',')}\nextendedKeyUsage=serverAuth\n`);
      openssl(dir, 'req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${dnsNames[0] ?? name}`);
      // Expired: -days -1 ends its validity a day before it starts (openssl 3.0 has no -not_after).
      const validity = ['-days', options.expired ? '-1' : '30'];
      openssl(
        dir,
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.pem',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-out',
        `${name}.pem`,
        '-extfile',
        ext,
        ...validity,
      );
      const certFile = join(dir, `${name}.pem`);
      const keyFile = join(dir, `${name}.key`);
      return { certFile, keyFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
