import { Body1, Button, LargeTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { clientRoutes } from '@shared/routes';

const useStyles = makeStyles({
  hero: { display: 'flex', flexDirection: 'column', gap: '12px', alignItems: 'center', textAlign: 'center', paddingTop: '12vh' },
  sub: { color: tokens.colorNeutralForeground3, maxWidth: '560px' },
});

export function HomePage() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <section className={styles.hero}>
      <LargeTitle as="h1">{t('home.title')}</LargeTitle>
      <Body1 className={styles.sub}>{t('home.subtitle')}</Body1>
    </section>
  );
}

/** The /Admin/* catch-all. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <section className={styles.hero}>
      <LargeTitle as="h1">{t('notFound.title')}</LargeTitle>
      <Body1 className={styles.sub}>{t('notFound.body')}</Body1>
      <Link to={clientRoutes.home}>
        <Button appearance="primary">{t('notFound.back')}</Button>
      </Link>
    </section>
  );
}
