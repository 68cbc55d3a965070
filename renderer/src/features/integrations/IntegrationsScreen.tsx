import { WebhooksPanel } from './webhooks/WebhooksPanel';

/** /Admin/Administration/Integrations: how other systems of the chain connect (webhooks). */
export function IntegrationsScreen() {
  return (
    <section data-testid="screen-Integrations">
      <WebhooksPanel />
    </section>
  );
}
