import type { ReactNode } from 'react';

export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/**
 * A small table; below 40rem each row becomes a card of "label: value" lines (the label comes from
 * data-label), so a phone shows every column without scrolling sideways.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey }: { caption: string; columns: Column<Row>[]; rows: Row[]; rowKey: (row: Row, index: number) => string }) {
  return (
    <table className="op-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={column.className}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
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
