import './strings';
import { Button, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SECURITY_EVENTS_MAX_PAGE, endpoints, type SecurityEvent } from '@shared';
import { call, EXPORT_MAX_ROWS } from '../../api/client';
import { excelDate } from '../../table/export-columns';
import { ExportButton } from '../../ui/ExportButton';
import { handleError } from '../../feedback/handle-error';
import { formatDate } from '../../table/format';
import { Ltr } from '../../ui/Ltr';
import { ScreenHeader } from '../../ui/ScreenHeader';

const PAGE_SIZE = 50;

const useStyles = makeStyles({
  pager: { display: 'flex', alignItems: 'center', gap: '12px', marginTop: '12px' },
});

/** /Admin/Administration/SecurityAudit: sign-ins, failed attempts and two-factor changes, newest first. */
export function SecurityAuditScreen() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [page, setPage] = useState(0);
  const { data, isPending, error } = useQuery({
    queryKey: ['securityEvents', page],
    queryFn: () => call(endpoints.securityEvents, { query: { page, pageSize: PAGE_SIZE } }),
  });
  useEffect(() => {
    if (error) handleError(error, t('crud.loadFailed'));
  }, [error, t]);
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const kind = (e: SecurityEvent) => t(`twoFactor.audit.kinds.${e.kind}`);

  /** Every event (up to the export cap), read page after page at the largest size the server answers. */
  const collect = async () => {
    const rows: SecurityEvent[] = [];
    let total = 0;
    for (let p = 0; rows.length < EXPORT_MAX_ROWS; p++) {
      const answer = await call(endpoints.securityEvents, { query: { page: p, pageSize: SECURITY_EVENTS_MAX_PAGE } });
      rows.push(...answer.items);
      total = answer.total;
      if (answer.items.length < SECURITY_EVENTS_MAX_PAGE) break;
    }
    return {
      headers: [t('twoFactor.audit.at'), t('twoFactor.audit.event'), t('twoFactor.audit.email'), t('twoFactor.audit.actor'), t('twoFactor.audit.ip')],
      rows: rows.slice(0, EXPORT_MAX_ROWS).map((e) => [excelDate(e.at), kind(e), e.email, e.actorEmail ?? '', e.ip]),
      ltrColumns: [2, 3, 4],
      matching: total,
    };
  };

  return (
    <section data-testid="screen-SecurityAudit">
      <ScreenHeader title={t('twoFactor.audit.title')}>
        <ExportButton name={t('twoFactor.audit.title')} collect={collect} />
      </ScreenHeader>
      {isPending ? (
        <Spinner />
      ) : !data?.items.length ? (
        <Text>{t('twoFactor.audit.empty')}</Text>
      ) : (
        <Table aria-label={t('twoFactor.audit.title')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('twoFactor.audit.at')}</TableHeaderCell>
              <TableHeaderCell>{t('twoFactor.audit.event')}</TableHeaderCell>
              <TableHeaderCell>{t('twoFactor.audit.email')}</TableHeaderCell>
              <TableHeaderCell>{t('twoFactor.audit.actor')}</TableHeaderCell>
              <TableHeaderCell>{t('twoFactor.audit.ip')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.items.map((e) => (
              <TableRow key={e.id} data-testid="security-event">
                <TableCell>{formatDate(e.at, i18n.language)}</TableCell>
                <TableCell>{kind(e)}</TableCell>
                <TableCell>
                  <Ltr>{e.email}</Ltr>
                </TableCell>
                <TableCell>{e.actorEmail ? <Ltr>{e.actorEmail}</Ltr> : ''}</TableCell>
                <TableCell>
                  <Ltr>{e.ip}</Ltr>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <div className={styles.pager}>
        <Button disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          {t('twoFactor.audit.previous')}
        </Button>
        <Text>{t('twoFactor.audit.page', { page: page + 1, pages })}</Text>
        <Button disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
          {t('twoFactor.audit.next')}
        </Button>
      </div>
    </section>
  );
}
