// One agent per test namespace, started as
// `ip netns exec <ns> node agent.mjs <name> [tcp:80,udp:10.0.0.5:53,…]` (address optional, default 0.0.0.0).
// Plain JavaScript (no build step) because it runs under bare `node` inside the namespace.
//
// Server side: listens on every given port on 0.0.0.0 and answers each TCP connection / UDP datagram
// with one JSON line `{ name, local, peer }`: `local` is the address:port the kernel delivered to
// (the DNAT target as the endpoint sees it) and `peer` the source after any SNAT/MASQUERADE.
// Client side: reads JSON lines `{ id, proto, dst, dport, src, sport, timeoutMs }` on stdin and
// answers `{ id, kind: 'reply'|'refused'|'unreachable'|'timeout'|'error', reply?, code? }`.
// `proto: 'icmp'` sends one echo request with iputils `ping -c 1` (Node has no raw sockets): `sport`
// is the echo identifier (`ping -e`), `dport` is ignored, and a reply is `{ name: 'icmp', local:
// <address the echo reply came from>, peer: '' }` (the kernel answers, not a server of ours).
// Prints `{"kind":"ready"}` once every listener is bound, so the harness awaits an event, not a delay.
import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import net from 'node:net';
import readline from 'node:readline';

const [name = 'agent', listenSpec = ''] = process.argv.slice(2);
const out = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);
const addr = (ip, port) => `${ip}:${port}`;

function listenTcp(host, port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer((sock) => {
      sock.on('error', () => {});
      sock.end(
        `${JSON.stringify({ name, local: addr(sock.localAddress, sock.localPort), peer: addr(sock.remoteAddress, sock.remotePort) })}\n`,
      );
    });
    server.once('error', reject);
    server.listen({ host, port, backlog: 1024 }, () => resolve(server));
  });
}

function listenUdp(host, port) {
  return new Promise((resolve, reject) => {
    const sock = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
    sock.once('error', reject);
    sock.on('message', (_msg, rinfo) => {
      // The reply leaves from the socket's own address; conntrack un-DNATs it on the way back.
      const body = JSON.stringify({ name, local: addr(host, port), peer: addr(rinfo.address, rinfo.port) });
      sock.send(`${body}\n`, rinfo.port, rinfo.address);
    });
    sock.bind({ address: host, port }, () => resolve(sock));
  });
}

/** errno → what the packet met: RST or ICMP port-unreachable → refused; ICMP host/net/admin → unreachable. */
function classify(code) {
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return 'refused';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EACCES' || code === 'EPERM')
    return 'unreachable';
  return 'error';
}

function connectTcp(req) {
  return new Promise((resolve) => {
    let data = '';
    let settled = false;
    const done = (res) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sock.destroy();
      resolve({ id: req.id, ...res });
    };
    const sock = net.connect({
      host: req.dst,
      port: req.dport,
      localAddress: req.src ?? undefined,
      localPort: req.sport ?? undefined,
    });
    const timer = setTimeout(() => done({ kind: 'timeout' }), req.timeoutMs ?? 2000);
    sock.setEncoding('utf8');
    sock.on('data', (chunk) => {
      data += chunk;
    });
    sock.on('end', () => done({ kind: 'reply', reply: JSON.parse(data.trim() || 'null') }));
    sock.on('error', (err) => done({ kind: classify(err.code), code: err.code }));
  });
}

function connectUdp(req) {
  return new Promise((resolve) => {
    let settled = false;
    const sock = dgram.createSocket(req.dst.includes(':') ? 'udp6' : 'udp4');
    const done = (res) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sock.close();
      resolve({ id: req.id, ...res });
    };
    const timer = setTimeout(() => done({ kind: 'timeout' }), req.timeoutMs ?? 2000);
    // A connected UDP socket receives ICMP errors as ECONNREFUSED/EHOSTUNREACH (udp(7), IP_RECVERR off).
    sock.on('error', (err) => done({ kind: classify(err.code), code: err.code }));
    sock.on('message', (msg) => done({ kind: 'reply', reply: JSON.parse(msg.toString().trim()) }));
    sock.bind(
      { address: req.src ?? (req.dst.includes(':') ? '::' : '0.0.0.0'), port: req.sport ?? 0 },
      () => {
        sock.connect(req.dport, req.dst, (err) => {
          if (err) return done({ kind: classify(err.code), code: err.code });
          sock.send('hello\n', (e) => e && done({ kind: classify(e.code), code: e.code }));
        });
      },
    );
  });
}

/**
 * One echo request, `ping -n -c 1 -W <s> -e <id> -I <src> <dst>`: exit 0 with a `bytes from X` line
 * is a reply; an ICMP error is reported by ping as `From X … Destination … Unreachable` (port
 * unreachable → refused, like a UDP socket; host/net/admin → unreachable); EPERM from sendmsg (a
 * DROP in OUTPUT) → unreachable; silence → timeout.
 */
function pingIcmp(req) {
  return new Promise((resolve) => {
    const wait = Math.max(1, Math.round((req.timeoutMs ?? 1000) / 1000));
    const args = ['-n', '-c', '1', '-W', String(wait), '-e', String(req.sport)];
    if (req.src) args.push('-I', req.src);
    args.push(req.dst);
    execFile('ping', args, { timeout: wait * 1000 + 5000 }, (err, stdout, stderr) => {
      const text = `${stdout}\n${stderr}`;
      const from = /bytes from ([0-9.]+)/.exec(text)?.[1];
      if (!err && from)
        return resolve({ id: req.id, kind: 'reply', reply: { name: 'icmp', local: from, peer: '' } });
      if (/Port Unreachable/i.test(text))
        return resolve({ id: req.id, kind: 'refused', code: 'ICMP port unreachable' });
      const icmp = /From \S+ icmp_seq=\d+ (.*)/.exec(text)?.[1];
      if (icmp)
        return resolve({
          id: req.id,
          kind: /Unreachable|filtered/i.test(icmp) ? 'unreachable' : 'error',
          code: icmp.trim(),
        });
      if (/Operation not permitted/.test(text))
        return resolve({ id: req.id, kind: 'unreachable', code: 'EPERM' });
      if (err && err.code === 1) return resolve({ id: req.id, kind: 'timeout' });
      resolve({ id: req.id, kind: 'error', code: text.trim() || String(err) });
    });
  });
}

async function main() {
  const specs = listenSpec.split(',').filter(Boolean);
  try {
    for (const spec of specs) {
      // `proto:port` or `proto:host:port`; an IPv6 host keeps its colons (`tcp:fd00::1:80`).
      const first = spec.indexOf(':');
      const last = spec.lastIndexOf(':');
      const proto = spec.slice(0, first);
      const host = last > first ? spec.slice(first + 1, last) : '0.0.0.0';
      const port = Number(spec.slice(last + 1));
      await (proto === 'udp' ? listenUdp(host, port) : listenTcp(host, port));
    }
  } catch (err) {
    out({ kind: 'fatal', message: String(err) });
    process.exit(2);
  }
  out({ kind: 'ready', name });
  const rl = readline.createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    if (!line.trim()) return;
    const req = JSON.parse(line);
    const run = req.proto === 'udp' ? connectUdp : req.proto === 'icmp' ? pingIcmp : connectTcp;
    run(req).then(out, (err) => out({ id: req.id, kind: 'error', code: String(err) }));
  });
  rl.on('close', () => process.exit(0));
}

main();
