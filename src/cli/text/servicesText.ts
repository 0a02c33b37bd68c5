import type { CliDiagnostic } from '../json';
import { formatDiagnostics, type SourceFiles } from './diagnostics';
import { type Cell, formatTable, plural } from './table';

/** The parts of core/kubeproxy describeServices' answer the table shows (the CLI's JSON wire format). */
export interface ServiceRow {
  readonly namespace: string | null;
  readonly name: string;
  readonly type: string;
  readonly clusterIPs: readonly string[];
  readonly externalIPs: readonly string[];
  readonly loadBalancerIPs: readonly string[];
  readonly ports: readonly {
    readonly name: string | null;
    readonly port: number;
    readonly nodePort: number | null;
    readonly protocol: string;
    readonly endpoints: readonly { readonly ip: string; readonly port: number | null }[];
    readonly chains: { readonly svc: string | null; readonly seps: readonly unknown[] } | null;
  }[];
}

/** Endpoints listed in a cell before "+N". */
const ENDPOINTS_SHOWN = 3;

const endpointText = (e: { ip: string; port: number | null }) =>
  e.port === null ? e.ip : e.ip.includes(':') ? `[${e.ip}]:${e.port}` : `${e.ip}:${e.port}`;

function endpointsCell(endpoints: ServiceRow['ports'][number]['endpoints']): string {
  if (endpoints.length === 0) return '(none)';
  const shown = endpoints.slice(0, ENDPOINTS_SHOWN).map(endpointText).join(',');
  return endpoints.length > ENDPOINTS_SHOWN ? `${shown} +${endpoints.length - ENDPOINTS_SHOWN}` : shown;
}

/**
 * `cli services` for a terminal: one row per Service port, as `kubectl get svc` lays them out
 * (namespace/name, type, cluster IP, port/protocol with the NodePort, endpoints), plus the
 * kube-proxy KUBE-SVC chain when a dump was given (`--iptables`).
 */
export function formatServices(
  services: readonly ServiceRow[],
  diagnostics: readonly CliDiagnostic[],
  files: SourceFiles,
  withChains: boolean,
): string {
  const rows: Cell[][] = [];
  for (const s of services) {
    const name = s.namespace === null ? s.name : `${s.namespace}/${s.name}`;
    const ip = s.clusterIPs.join(',') || '-';
    const external = [...s.externalIPs, ...s.loadBalancerIPs].join(',') || '-';
    const ports = s.ports.length > 0 ? s.ports : [null];
    for (const p of ports) {
      const port =
        p === null
          ? '-'
          : `${p.name ? `${p.name} ` : ''}${p.port}${p.nodePort === null ? '' : `:${p.nodePort}`}/${p.protocol}`;
      const row: Cell[] = [name, s.type, ip, external, port, p === null ? '-' : endpointsCell(p.endpoints)];
      if (withChains) row.push(p?.chains?.svc ?? '-');
      rows.push(row);
    }
  }
  const header = ['SERVICE', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT', 'ENDPOINTS'];
  if (withChains) header.push('CHAIN');
  const table = rows.length === 0 ? 'No Services.\n' : formatTable(header, rows);
  return `${table}${plural(services.length, 'Service')}.\n\n${formatDiagnostics(diagnostics, files)}`;
}
