import { Button, Spinner } from '@fluentui/react-components';
import { ArrowExportRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../feedback/handle-error';
import { platform } from '../../platform';
import { buildXlsx, exportFileName, type SheetData } from './export-xlsx';

/** Saves what a list shows (after search and sort; a server-paged list: every matching row) as .xlsx through the platform. */
export function ExportButton({ name, collect }: { name: string; collect(): SheetData | Promise<SheetData> }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const bytes = await buildXlsx(name, await collect(), i18n.language === 'ar');
      await platform.saveFile(exportFileName(name), bytes, [{ name: 'Excel', extensions: ['xlsx'] }]);
    } catch (err) {
      handleError(err, t('p2.export.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={busy ? <Spinner size="tiny" /> : <ArrowExportRegular />} disabled={busy} onClick={run} data-testid="export-xlsx">
      {t('p2.export.button')}
    </Button>
  );
}
