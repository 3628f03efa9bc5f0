import { createTheme } from '@mantine/core';

/** System fonts only: the panel loads nothing from another host (docs/admin-panel.md). */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
});
