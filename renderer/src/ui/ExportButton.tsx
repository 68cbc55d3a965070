import { Button, Spinner } from '@fluentui/react-components';
import { ArrowExportRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../feedback/handle-error';
import { showToast } from '../feedback/toast';
import { platform } from '../platform';
import type { ExportData } from '../table/export-columns';
import { buildXlsx, exportFileName } from './export-xlsx';
import './export-strings';

/**
 * Saves what a list shows (after search and sort; a server-paged list: every matching
 * row up to EXPORT_MAX_ROWS) as .xlsx through the platform. A capped export says how
 * many rows it saved of how many.
 */
export function ExportButton({ name, collect }: { name: string; collect(): ExportData | Promise<ExportData> }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const data = await collect();
      const bytes = await buildXlsx(name, data, i18n.language === 'ar');
      const { saved } = await platform.saveFile(exportFileName(name), bytes, [{ name: 'Excel', extensions: ['xlsx'] }]);
      if (saved && data.matching !== undefined && (data.matchingMore || data.matching > data.rows.length)) {
        showToast(t(data.matchingMore ? 'lists.exportCappedMore' : 'lists.exportCapped', { count: data.rows.length, total: data.matching }), 'warning');
      }
    } catch (err) {
      handleError(err, t('export.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={busy ? <Spinner size="tiny" /> : <ArrowExportRegular />} disabled={busy} onClick={run} data-testid="export-xlsx">
      {t('export.button')}
    </Button>
  );
}

/** A list's export control for DataTable's `renderExport`: an .xlsx named `name`. */
export function exportButton(name: string) {
  return (collect: () => Promise<ExportData>) => <ExportButton name={name} collect={collect} />;
}
