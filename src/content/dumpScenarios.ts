import { REAL_FULL_2018_IPTABLES } from './data/realFull2018';
import { WEB_NODE_IPTABLES, WEB_NODE_KUBECTL } from './data/webNode';
import { REAL_FULL_2018_KUBECTL, XLB_2018_IPTABLES, XLB_2018_KUBECTL } from './data/xlb2018';
import { tcp } from './generated';
import type { GalleryScenario } from './types';

/** Workshop scenarios on real or hand-composed dumps (provenance in each data module). */
export const DUMP_SCENARIOS: readonly GalleryScenario[] = [
  {
    id: 'nodeport-web-seed',
    title: { en: 'NodePort from outside: the web Service', 'zh-CN': '集群外部访问 NodePort：web 服务' },
    lesson: {
      en: "This is the node from the classic tutorial: default/web, NodePort 31947, three nginx pods. An outside client connects to the node IP 192.168.231.121:31947. KUBE-SERVICES' last rule sends local destinations to KUBE-NODEPORTS, which first marks the packet (KUBE-MARK-MASQ) and then jumps to KUBE-SVC-LOLE4ISW44XBNF3G — the same chain the cluster IP uses. The cascade 0.33333333349, then 0.5, then the rest gives each pod one third. Because of the mark, KUBE-POSTROUTING masquerades: the pod sees the node, not the client.",
      'zh-CN':
        '这是经典教程里的节点：default/web，NodePort 31947，三个 nginx Pod。集群外部的客户端访问节点 IP 192.168.231.121:31947。KUBE-SERVICES 链的最后一条规则把目标为本机的流量交给 KUBE-NODEPORTS 链，它先用 KUBE-MARK-MASQ 打标记（跟踪数据包），再重定向到 KUBE-SVC-LOLE4ISW44XBNF3G——和 Cluster IP 用的是同一个链。概率 0.33333333349、0.5、最后一条依次匹配，实现负载均衡，每个 Pod 各 1/3。由于打了标记，KUBE-POSTROUTING 会做 masquerade：Pod 看到的是节点地址，而不是客户端。',
    },
    iptables: WEB_NODE_IPTABLES,
    kubectl: WEB_NODE_KUBECTL,
    nodeIps: ['192.168.231.121'],
    packet: tcp('external', '203.0.113.7', '192.168.231.121', 31947),
    promise: {
      verdict: 'ACCEPT',
      masquerade: true,
      dnat: 'some',
      endpoints: ['10.244.169.161:80', '10.244.169.163:80', '10.244.169.165:80'],
    },
  },
  {
    id: 'old-xlb-no-local-endpoints',
    title: {
      en: 'Before 1.24: KUBE-XLB and KUBE-MARK-DROP',
      'zh-CN': '1.24 之前：KUBE-XLB 与 KUBE-MARK-DROP',
    },
    lesson: {
      en: 'An older kube-proxy (1.11 era) with externalTrafficPolicy: Local: the NodePort rule jumps to KUBE-XLB-…, the ancestor of today\'s KUBE-EXT and KUBE-SVL. Its first rule sends pods (source 10.32.0.0/12) to the cluster chain; its last says "has no local endpoints" and jumps to KUBE-MARK-DROP, which only sets mark 0x8000. Nothing is dropped in nat: the packet goes on to filter INPUT, where KUBE-FIREWALL drops marked packets. Note also the unnamed port printed as "default/nginx-ext:" with a trailing colon, as kube-proxy did then.',
      'zh-CN':
        '较旧的 kube-proxy（1.11 时代），externalTrafficPolicy: Local：NodePort 规则重定向到 KUBE-XLB-… 链，它是今天 KUBE-EXT 和 KUBE-SVL 的前身。它的第一条规则把 Pod（源地址 10.32.0.0/12）送到集群链；最后一条写着 "has no local endpoints"，跳到 KUBE-MARK-DROP，而它只打上 0x8000 标记。nat 表里并不丢包：数据包继续到 filter 表 INPUT 链，由 KUBE-FIREWALL 丢弃带标记的包。另外注意未命名端口打印成 "default/nginx-ext:"（末尾有冒号），这是当时 kube-proxy 的写法。',
    },
    iptables: XLB_2018_IPTABLES,
    kubectl: XLB_2018_KUBECTL,
    nodeIps: ['192.168.122.21'],
    packet: tcp('external', '203.0.113.7', '192.168.122.21', 32204),
    promise: { verdict: 'DROP', masquerade: false, dnat: 'none' },
  },
  {
    id: 'real-node-2018-kube-dns-no-endpoints',
    title: { en: 'A real node dump (kubeadm 1.11)', 'zh-CN': '真实节点的完整规则（kubeadm 1.11）' },
    lesson: {
      en: 'A complete iptables-save from a fresh kubeadm v1.11 node, with Docker\'s chains mixed in. The pod network is not ready yet, so kube-dns has no endpoints. A process on the node asks 10.96.0.10:53: nat has no rule for it, and filter OUTPUT jumps to KUBE-SERVICES, where "kube-system/kube-dns:dns has no endpoints" REJECTs it. Look at the older shapes too: the masquerade rule sits in KUBE-SERVICES (`! -s 10.32.0.0/12`) and KUBE-POSTROUTING is a single mark-match MASQUERADE rule.',
      'zh-CN':
        '一个刚用 kubeadm v1.11 搭好的节点的完整 iptables-save，其中夹杂着 Docker 的链。Pod 网络尚未就绪，所以 kube-dns 没有 endpoint。节点上的进程访问 10.96.0.10:53：nat 表没有对应规则，filter 表 OUTPUT 链跳到 KUBE-SERVICES，其中 "kube-system/kube-dns:dns has no endpoints" 规则将它 REJECT。也请留意旧版的写法：masquerade 规则位于 KUBE-SERVICES（`! -s 10.32.0.0/12`），KUBE-POSTROUTING 只有一条按标记匹配的 MASQUERADE 规则。',
    },
    iptables: REAL_FULL_2018_IPTABLES,
    kubectl: REAL_FULL_2018_KUBECTL,
    nodeIps: ['192.168.50.101'],
    packet: {
      origin: 'host',
      src: '192.168.50.101',
      dst: '10.96.0.10',
      proto: 'udp',
      sport: null,
      dport: 53,
    },
    promise: { verdict: 'REJECT', masquerade: false, dnat: 'none' },
  },
];
