import { useTranslation } from 'react-i18next';
import { csvFileName, toCsv } from '../../domain/csv';
import { Button } from '../../ui/Button';
import { downloadBlob } from '../../ui/downloadBlob';

interface ExportCsvButtonProps {
  /** the list's name in the file name */
  list: string;
  /** builds the table when pressed (the rows as the list shows them) */
  table: () => { header: string[]; rows: Array<Array<string | number>> };
  disabled?: boolean;
}

/** Downloads the list as shown as a CSV file (UTF-8 with a BOM, so spreadsheets read non-Latin text right). */
export function ExportCsvButton({ list, table, disabled }: ExportCsvButtonProps) {
  const { t } = useTranslation('trade');
  const download = () => {
    const { header, rows } = table();
    downloadBlob(new Blob(['\uFEFF', toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), csvFileName(list, Date.now()));
  };
  return (
    <Button variant="ghost" disabled={disabled} onClick={download}>
      {t('exportCsv')}
    </Button>
  );
}
