import iptablesText from './webNode.iptables-save.txt?raw';
import kubectlText from './webNode.kubectl.txt?raw';

/**
 * The example a first visit opens, so the app is never empty: the node behind test/seeds/001
 * (a kubeadm cluster from a 2021 tutorial: Service default/web, NodePort 31947, three nginx pods
 * 10.244.169.161/163/165). The seed only shows `iptables-save | grep web`; the rest of the node's
 * nat and filter tables is COMPOSED around those lines as kube-proxy 1.20 writes them on a node
 * with iptables 1.4.21 (CentOS 7) and flannel: `default/kubernetes` and `kube-system/kube-dns`
 * with their real chain hashes (recomputed with core/kubeproxy/hash.ts), the masquerade rules in
 * KUBE-SERVICES (`! -s 10.244.0.0/16`), KUBE-POSTROUTING's RETURN / --xor-mark / MASQUERADE, and
 * flannel's POSTROUTING and FORWARD rules. Node IP 192.168.231.121, pod CIDR 10.244.0.0/16, this
 * node's pods 10.244.36.0/24. The kubectl text is `kubectl get svc,ep -A` (composed, tabwriter spacing).
 */
export const WEB_EXAMPLE = {
  iptablesText,
  kubectlText,
  nodeIp: '192.168.231.121',
  podCidr: '10.244.0.0/16',
} as const;
