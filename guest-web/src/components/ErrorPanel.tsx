import { useTranslation } from 'react-i18next';

interface Props {
  title?: string;
  message: string;
  onRetry?: () => void;
  children?: React.ReactNode;
}

/** A failure the guest can act on: what happened, and a way to try again. */
export function ErrorPanel({ title, message, onRetry, children }: Props) {
  const { t } = useTranslation();
  return (
    <section className="panel error-panel" role="alert">
      {title && <h1>{title}</h1>}
      <p>{message}</p>
      <div className="actions">
        {onRetry && (
          <button type="button" className="primary" onClick={onRetry}>
            {t('errors.retry')}
          </button>
        )}
        {children}
      </div>
    </section>
  );
}
