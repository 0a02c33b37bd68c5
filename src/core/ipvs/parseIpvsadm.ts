import { span, textLines, type Word, wordsOf } from '../text';
import { type IpvsDiagnostic, IpvsSink } from './codes';
import { readEndpoint } from './endpoint';
import { isRuleLine, readRuleLine } from './ruleLine';
import { readServerLine } from './serverLine';
import { isServiceWord, readServiceLine } from './serviceLine';
import type { IpvsListing, IpvsTable, RealServer, VirtualService } from './types';

export interface IpvsParseResult {
  readonly result: IpvsTable;
  readonly diagnostics: readonly IpvsDiagnostic[];
}

type Draft = Omit<VirtualService, 'realServers'> & { realServers: RealServer[] };

/**
 * Reads `ipvsadm -Ln` output (also `-L -n`, `-L` with names, `--stats`, `--rate`,
 * `--thresholds`, `--persistent-conn`) and the rule format of `ipvsadm -S -n` (or the
 * `ipvsadm -A/-a …` commands as people paste them), with or without headers and with prompts or
 * prose around it. Never throws; every problem is a diagnostic at its offset. The format is
 * ipvsadm.c's list_all / print_title / print_service_entry.
 */
export function parseIpvsadm(text: string): IpvsParseResult {
  const sink = new IpvsSink();
  const services: Draft[] = [];
  const byKey = new Map<string, Draft>();
  let sawRules = false;
  let version: string | null = null;
  let connTableSize: number | null = null;
  let listing: IpvsListing | null = null;
  let current: Draft | null = null;
  let inConnections = false;
  let ignored: { start: number; end: number; count: number } | null = null;
  const flushIgnored = () => {
    if (ignored === null) return;
    const n = ignored.count;
    sink.add(
      'ipvs/ignored-text',
      `${n} line${n === 1 ? '' : 's'} that are not ipvsadm output were skipped.`,
      span(ignored.start, ignored.end),
    );
    ignored = null;
  };
  const ignore = (start: number, end: number) => {
    if (ignored === null) ignored = { start, end, count: 1 };
    else ignored = { ...ignored, end, count: ignored.count + 1 };
  };

  if (text.trim() === '') {
    sink.add(
      'ipvs/empty',
      'Nothing to read: paste the output of `ipvsadm -Ln` from the node.',
      span(0, text.length),
    );
    return {
      result: { version, connTableSize, listing: 'list', services: [] },
      diagnostics: sink.diagnostics,
    };
  }

  for (const line of textLines(text)) {
    const words = wordsOf(text, line.start, line.end);
    const first = words[0];
    if (first === undefined) continue;
    const lineSpan = span(first.start, (words[words.length - 1] as typeof first).end);
    const joined = words.map((w) => w.text).join(' ');

    const banner = /^IP Virtual Server version (\S+) \(size=(\d+)\)$/.exec(joined);
    if (banner !== null) {
      flushIgnored();
      version = banner[1] as string;
      connTableSize = Number(banner[2]);
      inConnections = false;
      continue;
    }
    if (first.text === 'Prot' && words[1]?.text.startsWith('LocalAddress')) {
      flushIgnored();
      listing = listingOf(words.slice(2).map((w) => w.text));
      inConnections = false;
      continue;
    }
    if (first.text === '->' && words[1]?.text.startsWith('RemoteAddress')) continue;
    if (joined === 'IPVS connection entries' || /^pro expire state source/.test(joined)) {
      flushIgnored();
      if (!inConnections)
        sink.add(
          'ipvs/connection-listing',
          'Connection entries (`ipvsadm -Lnc`) are not virtual services; skipped.',
          lineSpan,
        );
      inConnections = true;
      continue;
    }
    if (inConnections && /^(TCP|UDP|SCTP|IP)\s+\d\d:\d\d/.test(joined)) continue;
    if (joined === '...' || joined === '…') {
      flushIgnored();
      sink.add(
        'ipvs/elided-lines',
        'This "..." stands for lines left out of the paste: a virtual service missing here may exist on the node.',
        lineSpan,
      );
      current = null;
      continue;
    }
    // `ipvsadm -A -t … -s rr  # comment` as people paste the commands: the same rule format.
    const ruleWords = commandWords(words);
    if (ruleWords !== null) {
      flushIgnored();
      sawRules = true;
      current = null;
      const rule = readRuleLine(ruleWords, sink);
      if (rule?.kind === 'service') {
        if (byKey.has(rule.service.key))
          sink.add(
            'ipvs/duplicate-service',
            `"${rule.service.key}" is listed twice; the first listing is kept.`,
            lineSpan,
          );
        else {
          const d: Draft = { ...rule.service, realServers: [] };
          byKey.set(d.key, d);
          services.push(d);
        }
      } else if (rule?.kind === 'server') {
        const d = byKey.get(rule.key);
        if (d === undefined)
          sink.add(
            'ipvs/orphan-real-server',
            `A real server of "${rule.key}" before its "-A" line: its service is unknown.`,
            lineSpan,
          );
        else d.realServers.push(rule.server);
      }
      continue;
    }
    if (first.text === '->') {
      flushIgnored();
      if (current === null) {
        sink.add(
          'ipvs/orphan-real-server',
          'A real server line before any virtual service line: its service is unknown.',
          lineSpan,
        );
        continue;
      }
      const server = readServerLine(
        words.slice(1),
        listing ?? guessServerListing(words.slice(1)),
        lineSpan,
        sink,
      );
      if (server !== null) current.realServers.push(server);
      continue;
    }
    if (isServiceWord(first.text) && words.length >= 2) {
      flushIgnored();
      inConnections = false;
      const effective = listing ?? guessServiceListing(words.map((w) => w.text));
      const svc = readServiceLine(words, effective, sink);
      if (svc === null) {
        current = null;
        continue;
      }
      if (byKey.has(svc.key)) {
        sink.add(
          'ipvs/duplicate-service',
          `"${svc.key}" is listed twice; the first listing is kept.`,
          lineSpan,
        );
        current = { ...svc, realServers: [] }; // read its servers, then drop them
        continue;
      }
      current = { ...svc, realServers: [] };
      byKey.set(svc.key, current);
      services.push(current);
      continue;
    }
    current = null;
    const second = words[1];
    if (
      /^[A-Z][A-Za-z0-9]{1,7}$/.test(first.text) &&
      second !== undefined &&
      words.length >= 3 &&
      readEndpoint(second.text).ok &&
      /[:\]]/.test(second.text)
    ) {
      flushIgnored();
      sink.add(
        'ipvs/unknown-protocol',
        `"${first.text}" is not an IPVS protocol ipvsadm prints (TCP, UDP, SCTP, FWM): this service is skipped.`,
        lineSpan,
      );
      continue;
    }
    ignore(line.start, line.end);
  }
  flushIgnored();

  if (services.length === 0)
    sink.add(
      'ipvs/not-ipvsadm',
      'No IPVS virtual service line (e.g. "TCP  10.96.0.1:443 rr") was found.',
      span(0, text.length),
    );
  else if (listing === null && !sawRules)
    sink.add(
      'ipvs/no-header',
      'No "Prot LocalAddress:Port …" header was pasted: the columns of `ipvsadm -Ln` are assumed.',
      services[0]?.span ?? span(0, 0),
    );
  return {
    result: { version, connTableSize, listing: listing ?? (sawRules ? 'rules' : 'list'), services },
    diagnostics: sink.diagnostics,
  };
}

/** The words of an ipvsadm rule line (`-A …`, `ipvsadm -a …`) without a trailing `# comment`, or null. */
function commandWords(words: readonly Word[]): Word[] | null {
  const from = words[0]?.text === 'ipvsadm' ? 1 : 0;
  const head = words[from];
  if (head === undefined || !isRuleLine(head.text)) return null;
  const hash = words.findIndex((w, k) => k > from && w.text.startsWith('#'));
  return words.slice(from, hash === -1 ? words.length : hash);
}

/** The listing a `Prot LocalAddress:Port …` header announces (ipvsadm.c, print_title). */
function listingOf(columns: readonly string[]): IpvsListing {
  if (columns.includes('Conns')) return 'stats';
  if (columns.includes('CPS')) return 'rate';
  if (columns.includes('Uthreshold')) return 'thresholds';
  if (columns.includes('PersistConn')) return 'persistent-conn';
  return 'list';
}

/** Without a header: five counters after the address mean `--stats`, anything else `-Ln`. */
function guessServiceListing(words: readonly string[]): IpvsListing {
  const afterAddress = words[0] === 'FWM' ? words.slice(2).filter((w) => w !== 'IPv6') : words.slice(2);
  return afterAddress.length === 5 && afterAddress.every((w) => /^\d+[KMGT]?$/.test(w)) ? 'stats' : 'list';
}

function guessServerListing(words: readonly { text: string }[]): IpvsListing {
  const rest = words.slice(1).map((w) => w.text);
  return rest.length === 5 && rest.every((w) => /^\d+[KMGT]?$/.test(w)) ? 'stats' : 'list';
}
