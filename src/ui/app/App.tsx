/** Placeholder shell: the explorer (editors, graph, packet panel) arrives with the UI issue. */
export function App() {
  return (
    <main>
      <h1>kube-proxy explorer</h1>
      <p>Paste iptables-save and kubectl output, send a packet, and watch kube-proxy's rules at work.</p>
    </main>
  );
}
