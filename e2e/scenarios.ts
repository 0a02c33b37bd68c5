import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The journeys' inputs, as data. The web example (src/ui/examples) is the node behind
 * test/seeds/001: Service default/web, ClusterIP 10.104.247.10:80, NodePort 31947, endpoints
 * 10.244.169.161/163/165:80, node IP 192.168.231.121, pod CIDR 10.244.0.0/16.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

/** The example's full iptables-save (nat + filter). */
export const WEB_NODE_DUMP = read('src/ui/examples/webNode.iptables-save.txt');

/** Only the nat table of that dump, as `iptables-save -t nat` prints it (header, *nat … COMMIT, footer). */
export const WEB_NAT_DUMP = `${WEB_NODE_DUMP.slice(0, WEB_NODE_DUMP.indexOf('# Generated', 1))}`;

/** `kubectl get svc,ep` in the default namespace (no NAMESPACE column), as kubectl spaces it. */
export const WEB_KUBECTL = `NAME                 TYPE        CLUSTER-IP      EXTERNAL-IP   PORT(S)        AGE
service/kubernetes   ClusterIP   10.96.0.1       <none>        443/TCP        27d
service/web          NodePort    10.104.247.10   <none>        80:31947/TCP   12m

NAME                   ENDPOINTS                                               AGE
endpoints/kubernetes   192.168.231.121:6443                                    27d
endpoints/web          10.244.169.161:80,10.244.169.163:80,10.244.169.165:80   12m
`;

/** The seed's own `iptables-save | grep web` lines (no table header, no declarations), verbatim. */
export const SEED_WEB_EXCERPT = `-A KUBE-NODEPORTS -p tcp -m comment --comment "default/web" -m tcp --dport 31947 -j KUBE-MARK-MASQ
-A KUBE-NODEPORTS -p tcp -m comment --comment "default/web" -m tcp --dport 31947 -j KUBE-SVC-LOLE4ISW44XBNF3G
-A KUBE-SEP-BJLXVQMD4VVYPI2H -s 10.244.169.161/32 -m comment --comment "default/web" -j KUBE-MARK-MASQ
-A KUBE-SEP-BJLXVQMD4VVYPI2H -p tcp -m comment --comment "default/web" -m tcp -j DNAT --to-destination 10.244.169.161:80
-A KUBE-SEP-G4IDOWJQUQJ6MLO4 -s 10.244.169.165/32 -m comment --comment "default/web" -j KUBE-MARK-MASQ
-A KUBE-SEP-G4IDOWJQUQJ6MLO4 -p tcp -m comment --comment "default/web" -m tcp -j DNAT --to-destination 10.244.169.165:80
-A KUBE-SEP-HPW2WDDZQWHWFYBL -s 10.244.169.163/32 -m comment --comment "default/web" -j KUBE-MARK-MASQ
-A KUBE-SEP-HPW2WDDZQWHWFYBL -p tcp -m comment --comment "default/web" -m tcp -j DNAT --to-destination 10.244.169.163:80
-A KUBE-SERVICES ! -s 10.244.0.0/16 -d 10.104.247.10/32 -p tcp -m comment --comment "default/web cluster IP" -m tcp --dport 80 -j KUBE-MARK-MASQ
-A KUBE-SERVICES -d 10.104.247.10/32 -p tcp -m comment --comment "default/web cluster IP" -m tcp --dport 80 -j KUBE-SVC-LOLE4ISW44XBNF3G
-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web" -m statistic --mode random --probability 0.33333333349 -j KUBE-SEP-BJLXVQMD4VVYPI2H
-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web" -m statistic --mode random --probability 0.50000000000 -j KUBE-SEP-HPW2WDDZQWHWFYBL
-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web" -j KUBE-SEP-G4IDOWJQUQJ6MLO4
`;

/** A rule with an error, and the rule of the web dump it replaces (the last KUBE-SVC rule). */
export const BROKEN_RULE = {
  replaces: '-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web" -j KUBE-SEP-G4IDOWJQUQJ6MLO4',
  with: '-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web" -m statistic --mode random --probability 1.7 -j KUBE-SEP-G4IDOWJQUQJ6MLO4',
  code: 'iptables/bad-probability',
} as const;

/** Rules in each text (what the status line must say after parsing it). */
export const RULE_COUNTS = {
  webNodeDump: (WEB_NODE_DUMP.match(/^-A /gm) ?? []).length,
  webNatDump: (WEB_NAT_DUMP.match(/^-A /gm) ?? []).length,
} as const;
