import { isIP, isObjectName } from './addresses';
import { isNothing } from './cellValues';
import { addPod } from './collect';
import type { Cell } from './tableCells';
import { namespaceOf, type Row, type RowContext, rowName } from './tableNames';

/**
 * `kubectl get pods [-A] [-o wide]` rows (kubernetes/kubernetes
 * pkg/printers/internalversion/printers.go printPod): NAME READY STATUS RESTARTS AGE, and with
 * `-o wide` IP NODE NOMINATED NODE READINESS GATES. RESTARTS may read `2 (3h ago)`; the table is
 * read by the header's offsets (or glued back, see RowCells.readByWhitespace).
 */

/** `n/m` as READY and READINESS GATES print it, or `null`. */
function fraction(row: Row, i: number): { n: number; of: number } | null {
  if (i === -1) return null;
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(row.textOf(i));
  return m ? { n: Number(m[1]), of: Number(m[2]) } : null;
}

/** A pod row has `n/m` under READY and a STATUS word: prose under the table ends it. */
export function isPodRow(row: Row): boolean {
  const status = row.col('STATUS');
  return fraction(row, row.col('READY')) !== null && status !== -1 && row.start(status) < row.end(status);
}

/**
 * Whether the pod is ready: every container (READY n/n, printPod counts ready containers) and,
 * with `-o wide`, every readiness gate (`<none>` when it has none). kubelet's Ready condition is
 * exactly that conjunction (status.go: ContainersReady and readiness gates).
 */
function readiness(row: Row): boolean | null {
  const containers = fraction(row, row.col('READY'));
  if (containers === null) return null;
  const gates = fraction(row, row.col('READINESS GATES'));
  const gatesPass = gates === null || gates.n === gates.of;
  return containers.of > 0 && containers.n === containers.of && gatesPass;
}

/** A `get pods` row → PodInfo (objects tell more: podIPs, hostIP, hostNetwork). */
export function readPodRow(row: Row, offset: number, ctx: RowContext): void {
  const ipCell = row.cell(row.col('IP'));
  let nodeCell = row.cell(row.col('NODE'));
  const ips: string[] = [];
  if (ipCell && !isNothing(ipCell)) {
    if (isIP(ipCell.text)) ips.push(ipCell.text);
    else if (!nodeCell && row.col('NODE') === -1 && row.header.columns.some((c) => c.name === 'NODE'))
      // Older kubectl printed an empty IP for a pod without one; collapsed, the node moved left.
      nodeCell = ipCell;
    else ctx.sink.report('kubectl/bad-address', `"${ipCell.text}" is not an IP address.`, ipCell);
  }
  addPod(
    ctx.out,
    {
      namespace: namespaceOf(row, ctx),
      name: rowName(row),
      ips,
      nodeName: nodeOf(nodeCell),
      hostIP: null,
      hostNetwork: null,
      status: row.textOf(row.col('STATUS')),
      ready: readiness(row),
      offset,
    },
    false,
  );
}

function nodeOf(cell: Cell | undefined): string | null {
  return cell && !isNothing(cell) && isObjectName(cell.text) ? cell.text : null;
}
