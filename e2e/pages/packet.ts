import { expect, type Locator, type Page } from '@playwright/test';

/** A packet as the user enters it in the packet panel. */
export interface PacketInput {
  readonly origin: 'pod' | 'host' | 'external';
  readonly src: string;
  readonly dst: string;
  readonly dport: number;
  readonly proto: 'tcp' | 'udp' | 'sctp' | 'icmp';
  readonly nodeIp?: string;
}

/** One row of the probability bars, as text. */
export interface BarRowText {
  readonly endpoint: string;
  readonly written: string;
  readonly effective: string;
  readonly observed: string;
}

/**
 * The packet panel, the packet path list, the playback controls and the probability bars, as a
 * user sees them: labelled controls, an ordered list, a region of bars. Journeys use this object.
 */
export class PacketPage {
  readonly path: Locator;
  readonly bars: Locator;
  readonly verdict: Locator;
  readonly assumptions: Locator;
  readonly graph: Locator;
  /** The playback position, "Step N of M". */
  readonly position: Locator;

  constructor(readonly page: Page) {
    // Accessible names follow the language on screen: English or 简体中文.
    this.path = page.getByRole('list', { name: /^(Packet path|数据包路径)$/ });
    this.bars = page.getByRole('region', { name: /^(Endpoint probabilities|端点概率)$/ });
    this.verdict = page.getByRole('status', { name: /^(Verdict|结论)$/ });
    this.assumptions = page.getByRole('region', { name: /^(Assumptions|假设)$/ });
    this.graph = page.getByRole('region', { name: /^(Chain graph|链图)$/ });
    this.position = page.locator('.playback-position');
  }

  /** Fills the labelled controls and presses "Send packet"; waits for the path list. */
  async send(p: PacketInput): Promise<void> {
    await this.page.getByLabel('Origin', { exact: true }).selectOption(p.origin);
    await this.page.getByLabel('Source IP', { exact: true }).fill(p.src);
    await this.page.getByLabel('Destination IP', { exact: true }).fill(p.dst);
    // Protocol first: icmp has no port (the port field is disabled then).
    await this.page.getByLabel('Protocol', { exact: true }).selectOption(p.proto);
    if (p.proto !== 'icmp')
      await this.page.getByLabel('Destination port', { exact: true }).fill(String(p.dport));
    if (p.nodeIp) await this.page.getByLabel('Node IP', { exact: true }).fill(p.nodeIp);
    await this.page.getByRole('button', { name: 'Send packet' }).click();
    await expect(this.path).toBeVisible();
  }

  pathItems(): Locator {
    return this.path.getByRole('listitem');
  }

  /** The chain of each step, in order. */
  async pathChains(): Promise<string[]> {
    return this.pathItems().evaluateAll((items) => items.map((li) => li.getAttribute('data-chain') ?? ''));
  }

  /** The rows of every lottery's bars, as the text the user reads. */
  async barRows(): Promise<BarRowText[]> {
    const rows = this.bars.locator('tbody tr');
    return rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const cell = (cls: string) => tr.querySelector(`.${cls} .bar-text`)?.textContent?.trim() ?? '';
        return {
          endpoint: tr.querySelector('.bar-endpoint')?.textContent?.trim() ?? '',
          written: cell('bar-written'),
          effective: cell('bar-effective'),
          observed: cell('bar-observed'),
        };
      }),
    );
  }

  /** Presses "Send 1000" and waits until every simulated connection is counted. */
  async sendThousand(): Promise<void> {
    await this.bars.getByRole('button', { name: 'Send 1000' }).click();
    await expect(this.bars).toContainText('1000 of 1000 connections simulated', { timeout: 30_000 });
  }

  stepForward(): Promise<void> {
    return this.page.getByRole('button', { name: 'Step forward', exact: true }).click();
  }

  stepBack(): Promise<void> {
    return this.page.getByRole('button', { name: 'Step back', exact: true }).click();
  }

  /** The step the playhead is on (aria-current="step"). */
  currentStep(): Locator {
    return this.path.locator('li[aria-current="step"]');
  }

  /**
   * Clicks an endpoint (pod) node in the graph: the packet is animated to it. The canvas opens zoomed
   * on the path, so a pod off screen is reached as a user would: "Whole graph" on, click, off again.
   */
  async clickEndpoint(endpoint: string): Promise<void> {
    const node = this.graph.getByRole('group', {
      name: new RegExp(`^Endpoint ${endpoint.replace(/\./g, '\\.')}`),
    });
    const canvas = await this.graph.locator('.react-flow').boundingBox();
    const box = await node.boundingBox();
    const inside =
      canvas !== null &&
      box !== null &&
      box.x >= canvas.x &&
      box.y >= canvas.y &&
      box.x + box.width <= canvas.x + canvas.width &&
      box.y + box.height <= canvas.y + canvas.height;
    if (inside) return node.click();
    const whole = this.page.getByRole('button', { name: 'Whole graph' });
    await whole.click();
    await expect(whole).toHaveAttribute('aria-pressed', 'true');
    // The zoom-out is animated: click once the node has stopped moving inside the canvas.
    await expect(async () => {
      const c = await this.graph.locator('.react-flow').boundingBox();
      const b = await node.boundingBox();
      expect(
        c &&
          b &&
          b.x >= c.x &&
          b.y >= c.y &&
          b.x + b.width <= c.x + c.width &&
          b.y + b.height <= c.y + c.height,
      ).toBe(true);
    }).toPass();
    await node.click();
    await whole.click();
    await expect(whole).toHaveAttribute('aria-pressed', 'false');
  }
}
