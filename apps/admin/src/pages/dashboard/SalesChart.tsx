import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { money } from '../../lib/format';

/**
 * Orders and revenue per shop-local day. Loaded on its own (React.lazy): recharts is larger than
 * the rest of the panel, and only the dashboard draws a chart (docs/admin-panel.md, bundle budget).
 */
export default function SalesChart({
  days,
  currency,
}: {
  days: { date: string; orders: number; revenue: number }[];
  currency: string;
}) {
  return (
    <AreaChart
      h={260}
      data={days.map((day) => ({ ...day, day: day.date.slice(5) }))}
      dataKey="day"
      withRightYAxis
      rightYAxisLabel="Orders"
      yAxisLabel="Revenue"
      valueFormatter={(value) => String(value)}
      series={[
        { name: 'revenue', label: `Revenue (${currency})`, color: 'blue.6' },
        { name: 'orders', label: 'Orders', color: 'teal.6', yAxisId: 'right' },
      ]}
      withLegend
      tooltipProps={{
        formatter: (value, name) =>
          name === 'revenue' ? money(Number(value), currency) : String(value),
      }}
      curveType="monotone"
    />
  );
}
