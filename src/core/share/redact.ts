import { parseIptablesSave } from '../iptables';
import { parseKubectl } from '../kubectl';
import { analyzeKubeProxy } from '../kubeproxy';
import { lowerToRuleset } from '../lower';
import { type Diagnostic, diagnostic, span } from '../text';
import type { Packet } from '../trace';
import { AddressBook } from './redactBook';
import { planChainRenames, replaceChainNames } from './redactChains';
import { RedactionKey, randomSeed } from './redactKey';
import { rewriteKubectl } from './redactKubectl';
import { NameBook } from './redactNames';
import { replaceAddresses } from './redactScan';
import type { Scenario } from './scenario';

export interface RedactOptions {
  /** Addresses are always remapped (the option exists so callers say so explicitly). */
  readonly addresses: true;
  /** Also rename namespaces, Services, port names and pods (`ns-1/svc-3:port-1`). */
  readonly names: boolean;
  /** Same seed, same output. Absent: a random seed (the mapping then cannot be recomputed by others). */
  readonly seed?: string;
}

export interface RedactResult {
  readonly scenario: Scenario;
  readonly mapping: { readonly addresses: [string, string][]; readonly names: [string, string][] };
  readonly diagnostics: Diagnostic[];
}

/**
 * Makes a scenario safe to share: every IPv4/IPv6 address in both texts, the packet, the node IPs
 * and the chosen endpoint is remapped with one keyed prefix-preserving permutation (redactAddress.ts
 * says where each block goes), so CIDR matches, the node IP and endpoints stay consistent; with
 * `names`, namespaces/Services/ports/pods are renamed too. kube-proxy chain names are then REHASHED
 * (hash.ts) so that each KUBE-SVC/SVL/EXT/FW/XLB/SEP chain is still exactly what kube-proxy would
 * write for the redacted Service port and endpoint; chains of unknown owner get keyed pseudo-names.
 * Loopback, 0.0.0.0/0, netmasks, marks, documentation nets, probabilities are untouched.
 *
 * Pure except that an absent seed is drawn from `crypto.getRandomValues`. Never throws.
 * @returns the redacted scenario, the `[from, to]` pairs used, and diagnostics
 *   (`redact/address-collision`, `redact/wide-network`, `redact/pseudo-chain-names`).
 */
export function redactScenario(scenario: Scenario, options: RedactOptions): RedactResult {
  try {
    return redact(scenario, options);
  } catch (e) {
    const message = `Redaction failed (${e instanceof Error ? e.message : String(e)}); nothing was redacted.`;
    return {
      scenario: { ...scenario, iptables: '', kubectl: '', packet: null, nodeIps: [], endpoint: null },
      mapping: { addresses: [], names: [] },
      diagnostics: [diagnostic('iptables', 'error', 'redact/failed', message, span(0, 0))],
    };
  }
}

/**
 * The address half of a seeded redaction, for addresses that are not in the scenario (a packet the
 * user types after redacting): `addressRedactor(seed)(ip)` equals what `redactScenario` with that
 * seed writes for `ip`. Non-addresses come back unchanged.
 */
export function addressRedactor(seed: string): (ip: string) => string {
  const book = new AddressBook(new RedactionKey(seed));
  return (ip) => book.host(ip) ?? ip;
}

function redact(scenario: Scenario, options: RedactOptions): RedactResult {
  const key = new RedactionKey(options.seed ?? randomSeed());
  const book = new AddressBook(key);
  const ruleset = lowerToRuleset(parseIptablesSave(scenario.iptables).result).result;
  const kubectl = scenario.kubectl.trim() === '' ? null : parseKubectl(scenario.kubectl).result;
  const model = analyzeKubeProxy(ruleset, kubectl ?? undefined).result;
  const names = new NameBook();
  if (options.names) names.collect(model, kubectl);
  const renames = planChainRenames(
    model,
    key,
    book,
    (n) => (options.names ? names.portName(n) : n.text),
    options.names,
  );

  const rewriteIptables = (text: string) => {
    const chained = replaceChainNames(text, renames, key, options.names);
    return replaceAddresses(options.names ? names.replaceServicePortNames(chained) : chained, book);
  };
  const iptables = rewriteIptables(scenario.iptables);
  const kubectlText = rewriteKubectl(scenario.kubectl, (cell, column) => {
    let t = cell;
    if (options.names) {
      if (column === 'NAMESPACE') t = names.namespaces.get(t) ?? t;
      else if (column === 'NAME')
        t = t.replace(/^([a-z.]+\/)?(.*)$/, (_, kind = '', n) => kind + (names.services.get(n) ?? n));
      else t = names.replaceTokens(t);
    }
    return replaceAddresses(t, book);
  });

  const mapHost = (ip: string) => book.host(ip) ?? ip;
  const packet: Packet | null = scenario.packet && {
    ...scenario.packet,
    src: mapHost(scenario.packet.src),
    dst: mapHost(scenario.packet.dst),
  };
  const redacted: Scenario = {
    ...scenario,
    iptables,
    kubectl: kubectlText,
    packet,
    nodeIps: scenario.nodeIps.map(mapHost),
    endpoint: scenario.endpoint === null ? null : replaceAddresses(scenario.endpoint, book),
    view: { ...scenario.view, focus: scenario.view.focus.map(rewriteIptables) },
  };
  return {
    scenario: redacted,
    mapping: { addresses: [...book.pairs], names: names.pairs() },
    diagnostics: findings(book, renames.pseudo),
  };
}

function findings(book: AddressBook, pseudo: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = span(0, 0);
  if (book.collisions.size > 0) {
    const list = [...book.collisions].slice(0, 10).join(', ');
    out.push(
      diagnostic(
        'iptables',
        'warning',
        'redact/address-collision',
        `Different addresses got the same redacted address: ${list}.`,
        at,
      ),
    );
  }
  if (book.wide.size > 0) {
    const list = [...book.wide].slice(0, 10).join(', ');
    out.push(
      diagnostic(
        'iptables',
        'warning',
        'redact/wide-network',
        `Public networks wider than /15 (IPv6 /32) became the whole documentation block: ${list}.`,
        at,
      ),
    );
  }
  if (pseudo > 0) {
    out.push(
      diagnostic(
        'iptables',
        'info',
        'redact/pseudo-chain-names',
        `${pseudo} chains whose Service port or endpoint is unknown got made-up names of the same shape.`,
        at,
      ),
    );
  }
  return out;
}
