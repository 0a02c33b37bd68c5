import type { Scenario } from '../../core/share';
import { encodeScenario, redactScenario } from '../../core/share';
import { pathChains } from '../../core/view';
import type { AppState } from '../../state/store';
import { keepPathServices } from './pathServices';

/** Links longer than this are cut by some chat tools, mail clients and older browsers. */
export const LONG_LINK = 8_000;

export interface LinkOptions {
  readonly onlyPath: boolean;
  readonly redactAddresses: boolean;
  readonly redactNames: boolean;
}

/** A permalink and what was done to the scenario to make it. */
export interface BuiltLink {
  readonly url: string;
  /** Service ports kept by "only the Services on the current path", or null when not applied. */
  readonly keptServicePorts: readonly string[] | null;
  readonly redacted: { readonly addresses: number; readonly names: number } | null;
}

/** The chains of every outcome of the traced packet (every endpoint of its Service stays). */
function tracedChains(s: Pick<AppState, 'traced'>): string[] {
  return (s.traced?.result.outcomes ?? []).flatMap((o) => pathChains(o.path));
}

/**
 * Makes the permalink `origin + pathname + '#s=1.…'` for `scenario`, first cutting it to the
 * Services on the path and/or redacting it when asked. Redaction uses a random seed: the mapping
 * cannot be recomputed from the link.
 */
export async function buildLink(
  scenario: Scenario,
  options: LinkOptions,
  app: Pick<AppState, 'traced'>,
  base: string,
): Promise<BuiltLink> {
  let s = scenario;
  let keptServicePorts: string[] | null = null;
  if (options.onlyPath && app.traced) {
    const cut = keepPathServices(s.iptables, s.kubectl, tracedChains(app));
    s = { ...s, iptables: cut.iptables, kubectl: cut.kubectl };
    keptServicePorts = [...cut.servicePorts];
  }
  let redacted: BuiltLink['redacted'] = null;
  if (options.redactAddresses || options.redactNames) {
    const r = redactScenario(s, { addresses: true, names: options.redactNames });
    s = r.scenario;
    redacted = { addresses: r.mapping.addresses.length, names: r.mapping.names.length };
  }
  return { url: `${base}#${await encodeScenario(s)}`, keptServicePorts, redacted };
}
