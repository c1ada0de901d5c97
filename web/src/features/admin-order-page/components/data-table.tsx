import type { ReactNode } from 'react';

export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/** What a column header needs: a table of its own (not a DataTable) can name its columns with it too. */
export type ColumnHead = Pick<Column<unknown>, 'label' | 'className'>;

/** A table's head row: one column header per label, with the column's class. */
export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A small table; below 40rem each row becomes a card of "label: value" lines (the label comes from
 * data-label), so a phone shows every column without scrolling sideways.
 */
export interface DataTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
}

export function DataTable<Row>({ caption, columns, rows, rowKey }: DataTableProps<Row>) {
  return (
    <table className="op-table">
      <caption className="visually-hidden">{caption}</caption>
      <ColumnHeads columns={columns} />
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)}>
            {columns.map((column) => {
              const content = column.cell(row);
              return (
                // An empty ('-') cell is left out of a phone's card: it would be a line saying nothing.
                <td key={column.label} data-label={column.label} data-empty={content === '-' || undefined} className={column.className}>
                  {/* One child beside the phone layout's ::before label, whatever the cell holds. */}
                  <span className="op-cell">{content}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
