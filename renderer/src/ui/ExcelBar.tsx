import { Button, Spinner } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { isAxiosError } from 'axios';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Endpoint, RowError } from '@shared';
import { download, upload } from '../api/client';
import { handleError, showSuccess } from '../feedback/handle-error';
import { showToast } from '../feedback/toast';
import { platform } from '../platform';
import { RowErrorsDialog } from './RowErrorsDialog';

export interface ExcelBarProps {
  template: Endpoint;
  uploadTo: Endpoint;
  /** Saved as {fileName}.xlsx (SPEC §7). */
  fileName: string;
  onUploaded(): void;
}

const EXCEL_FILTER = [{ name: 'Excel', extensions: ['xlsx', 'xls'] }];

/** Template download and filled-sheet upload (SPEC §7), through the platform's file dialogs. */
export function ExcelBar({ template, uploadTo, fileName, onUploaded }: ExcelBarProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'down' | 'up'>();
  const [problems, setProblems] = useState<{ message: string; rows: RowError[] }>();

  const downloadTemplate = async () => {
    setBusy('down');
    try {
      const bytes = await download(template);
      await platform.saveFile(`${fileName}.xlsx`, bytes, EXCEL_FILTER);
    } catch (err) {
      handleError(err, t('errors.generic'));
    } finally {
      setBusy(undefined);
    }
  };

  const uploadSheet = async () => {
    const file = await platform.openFile(EXCEL_FILTER);
    if (!file) return;
    if (!/\.(xlsx|xls)$/i.test(file.name)) {
      showToast(t('excel.onlyExcel'), 'error');
      return;
    }
    setBusy('up');
    try {
      const form = new FormData();
      form.append('file', new Blob([file.bytes as BlobPart]), file.name);
      const answer = await upload(uploadTo, form);
      showSuccess(answer, t('excel.uploaded'));
      onUploaded();
    } catch (err) {
      const data = isAxiosError(err) ? (err.response?.data as { message?: string; rowErrors?: RowError[] } | undefined) : undefined;
      if (data?.rowErrors?.length) setProblems({ message: data.message ?? t('excel.rowErrorsTitle'), rows: data.rowErrors });
      else handleError(err, t('errors.generic'));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <>
      <Button icon={busy === 'down' ? <Spinner size="tiny" /> : <ArrowDownloadRegular />} disabled={!!busy} onClick={downloadTemplate}>
        {t('excel.download')}
      </Button>
      <Button icon={busy === 'up' ? <Spinner size="tiny" /> : <ArrowUploadRegular />} disabled={!!busy} onClick={uploadSheet}>
        {t('excel.upload')}
      </Button>
      <RowErrorsDialog problems={problems} onClose={() => setProblems(undefined)} />
    </>
  );
}
