import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column<Row> {
  label: string;
  render: (row: Row) => ReactNode;
}

/** Every list page's table: a header of labels, one row per record, cells from `render`. */
export function DataTable<Row>(props: {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
}) {
  return (
    <Table striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          {props.columns.map((column) => (
            <Table.Th key={column.label}>{column.label}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((row) => (
          <Table.Tr key={props.rowKey(row)}>
            {props.columns.map((column) => (
              <Table.Td key={column.label}>{column.render(row)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
