import type { KubeProxyModel, ServicePortName } from '../kubeproxy';
import {
  endpointString,
  isServicePortRole,
  serviceChainName,
  servicePortEndpointChainName,
} from '../kubeproxy';
import type { AddressBook } from './redactBook';
import type { RedactionKey } from './redactKey';

/** kube-proxy's per-Service-port and per-endpoint chain names (proxier.go prefixes + 16 base32 characters). */
const CHAIN_TOKEN = /KUBE-(SVC|SVL|EXT|FW|XLB|SEP)-([A-Z2-7]{16})(?![A-Za-z0-9])/g;

export interface ChainRenames {
  /** Old chain name → new chain name, for every chain the model knows. */
  readonly names: Map<string, string>;
  /** How many chains got a pseudo-name (owner unknown, or name not kube-proxy's hash of it). */
  pseudo: number;
}

/**
 * Decides the redacted name of every KUBE-SVC/SVL/EXT/FW/XLB/SEP chain of `model`: when the
 * chain's name is kube-proxy's hash of its owner (`hashCheck: 'match'`), the name kube-proxy would
 * give the redacted Service port (`renamePort`) and, for KUBE-SEP, the redacted endpoint — so the
 * redacted dump still verifies. Other KUBE-SEP chains (their hash covers the endpoint address, which
 * a dictionary attack would recover) and, when names are redacted, other per-port chains get a
 * keyed pseudo-name of the same shape; siblings (KUBE-SVC-X, KUBE-EXT-X) keep a shared suffix.
 */
export function planChainRenames(
  model: KubeProxyModel,
  key: RedactionKey,
  book: AddressBook,
  renamePort: (name: ServicePortName) => string,
  names: boolean,
): ChainRenames {
  const out: ChainRenames = { names: new Map(), pseudo: 0 };
  const ports = new Map(model.servicePorts.map((p) => [p.name.key, p]));
  const endpoints = new Map(model.endpoints.map((e) => [e.chain, e]));
  for (const chain of model.chains) {
    if (out.names.has(chain.name)) continue;
    // The model's reading of the name (chainNames.ts): KUBE-SVC/SVL/EXT/FW/XLB/SEP only.
    const kind = chain.role;
    if (kind !== 'sep' && !isServicePortRole(kind)) continue;
    const port = chain.owner !== null ? ports.get(chain.owner) : undefined;
    let renamed: string | null = null;
    if (chain.hashCheck === 'match' && port?.protocol) {
      const portText = renamePort(port.name);
      if (kind !== 'sep') renamed = serviceChainName(kind, portText, port.protocol);
      else {
        const ep = endpoints.get(chain.name);
        const newIp = ep?.ip != null ? book.host(ep.ip) : null;
        if (newIp !== null && ep?.port != null) {
          renamed = servicePortEndpointChainName(portText, port.protocol, endpointString(newIp, ep.port));
        }
      }
    }
    if (renamed === null && (kind === 'sep' || names)) {
      renamed = pseudoChainName(key, chain.name);
      out.pseudo++;
    }
    if (renamed !== null) out.names.set(chain.name, renamed);
  }
  return out;
}

/** `KUBE-SEP-<keyed hash of the old suffix>`: same prefix, same shape, same for siblings. */
export function pseudoChainName(key: RedactionKey, name: string): string {
  const cut = name.lastIndexOf('-');
  return name.slice(0, cut + 1) + key.pseudoHash('chain', name.slice(cut + 1));
}

/**
 * Replaces every kube-proxy chain name in `text` (rule declarations, jumps and gotos,
 * `-m recent --name KUBE-SEP-…`, comments such as "traffic not accepted by KUBE-FW-…"): planned
 * names from `renames`; names the model did not see (jump targets of an excerpt, free text) get a
 * pseudo-name when they are KUBE-SEP or `names` is set. Never throws; linear.
 */
export function replaceChainNames(
  text: string,
  renames: ChainRenames,
  key: RedactionKey,
  names: boolean,
): string {
  return text.replace(CHAIN_TOKEN, (token: string, prefix: string) => {
    const planned = renames.names.get(token);
    if (planned !== undefined) return planned;
    if (prefix !== 'SEP' && !names) return token;
    const pseudo = pseudoChainName(key, token);
    renames.names.set(token, pseudo);
    renames.pseudo++;
    return pseudo;
  });
}
