import { Button, type ButtonProps } from '@mantine/core';

/** A destructive action asked about first (the browser's own dialog: keyboard-usable as is). */
export function ConfirmButton(
  props: ButtonProps & {
    question: string;
    onConfirm: () => void;
    'aria-label'?: string;
    children: string;
  },
) {
  const { question, onConfirm, ...button } = props;
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      {...button}
      onClick={() => {
        if (window.confirm(question)) onConfirm();
      }}
    />
  );
}
