/** The console lists' CSV export (react-admin `exporter`s) over the safe format of ./csv-format.ts. */
import { downloadCSV, type Exporter } from 'react-admin';
import { toCsv } from './csv-format.ts';

/** A column of an export: its header and how to read it from a record. */
type CsvColumn<T> = readonly [header: string, read: (record: T) => unknown];

/** A react-admin `exporter` that downloads `{filename}.csv` with these columns. */
export function csvExporter<T>(filename: string, columns: ReadonlyArray<CsvColumn<T>>): Exporter {
  return (records: T[]) =>
    downloadCSV(
      toCsv(
        columns.map(([header]) => header),
        records.map((record) => columns.map(([, read]) => read(record))),
      ),
      filename,
    );
}
