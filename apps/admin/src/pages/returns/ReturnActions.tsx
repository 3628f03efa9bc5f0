import {
  Button,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/QueryState';
import { type Order, RETURN_CONDITIONS, type Return } from '../../lib/api-types';
import { fieldErrors } from '../../lib/errors';
import { label, money } from '../../lib/format';
import { lineName, receiveDrafts, receiveInput } from '../../lib/returns';
import { useTRPC } from '../../trpc';

type Dialog = 'approve' | 'reject' | 'receive' | 'refund' | null;
interface DialogProps {
  entry: Return;
  order: Order | undefined;
  opened: boolean;
  onClose: () => void;
}

/**
 * A dialog's form: the fields, the server's message, and the one button. The message shows
 * unless every field message the server sent is under a field (`placed`), as in SpecForm.
 */
function DialogForm(props: {
  onSubmit: () => void;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  placed: (field: string) => boolean;
  color?: string;
  children: React.ReactNode;
}) {
  const messages = fieldErrors(props.error);
  const fields = Object.keys(messages);
  const allPlaced = fields.length > 0 && fields.every(props.placed);
  // A field message no input shows (the whole `items`, say) is said with the alert.
  const unplaced = fields.filter((field) => !props.placed(field));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {props.children}
        {allPlaced ? null : <ErrorAlert error={props.error} />}
        {unplaced.map((field) => (
          <Text key={field} size="sm" c="red">
            {messages[field]}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button type="submit" color={props.color} loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ApproveDialog(props: DialogProps) {
  const trpc = useTRPC();
  const approve = useMutation(trpc.admin.returns.approve.mutationOptions());
  const [note, setNote] = useState('');
  const send = () =>
    approve
      .mutateAsync({ id: props.entry.id, ...(note.trim() ? { note } : {}) })
      .then(props.onClose, () => {});
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Approve return">
      <DialogForm
        onSubmit={send}
        submitLabel="Approve return"
        pending={approve.isPending}
        error={approve.error}
        placed={(field) => field === 'note'}
      >
        <Textarea
          label="Note for the customer"
          description="Optional: how to send the items back"
          autosize
          minRows={2}
          value={note}
          error={fieldErrors(approve.error).note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
      </DialogForm>
    </Modal>
  );
}

function RejectDialog(props: DialogProps) {
  const trpc = useTRPC();
  const reject = useMutation(trpc.admin.returns.reject.mutationOptions());
  const [reason, setReason] = useState('');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Reject return">
      <DialogForm
        onSubmit={() =>
          reject.mutateAsync({ id: props.entry.id, reason }).then(props.onClose, () => {})
        }
        submitLabel="Reject return"
        color="red"
        pending={reject.isPending}
        error={reject.error}
        placed={(field) => field === 'reason'}
      >
        <Textarea
          label="Reason"
          description="Told to the customer"
          required
          autosize
          minRows={2}
          value={reason}
          error={fieldErrors(reject.error).reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      </DialogForm>
    </Modal>
  );
}

/** Receive: per line, the units that arrived and their condition (resellable go back to stock). */
function ReceiveDialog(props: DialogProps) {
  const trpc = useTRPC();
  const receive = useMutation(trpc.admin.returns.receive.mutationOptions());
  const [drafts, setDrafts] = useState(() => receiveDrafts(props.entry));
  const errors = fieldErrors(receive.error);
  const set = (index: number, change: Partial<(typeof drafts)[number]>) =>
    setDrafts((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Receive return" size="lg">
      <DialogForm
        onSubmit={() =>
          receive.mutateAsync(receiveInput(props.entry, drafts)).then(props.onClose, () => {})
        }
        submitLabel="Mark as received"
        pending={receive.isPending}
        error={receive.error}
        placed={(field) => /^items\.\d+(\.quantity|\.condition)?$/.test(field)}
      >
        {props.entry.items.map((item, index) => {
          const name = lineName(props.order, item.order_item_id);
          return (
            <Group key={item.id} align="flex-start" grow>
              <TextInput
                type="number"
                label={`Units received of ${name}`}
                description={`${item.quantity} asked back`}
                min={0}
                value={drafts[index]?.quantity ?? ''}
                error={errors[`items.${index}.quantity`] ?? errors[`items.${index}`]}
                onChange={(event) => set(index, { quantity: event.currentTarget.value })}
              />
              <NativeSelect
                label={`Condition of ${name}`}
                data={RETURN_CONDITIONS.map((value) => ({ value, label: label(value) }))}
                value={drafts[index]?.condition}
                error={errors[`items.${index}.condition`]}
                onChange={(event) =>
                  set(index, {
                    condition: event.currentTarget.value as (typeof RETURN_CONDITIONS)[number],
                  })
                }
              />
            </Group>
          );
        })}
      </DialogForm>
    </Modal>
  );
}

/** Refund: the server recomputes the money from the received units (not the quote). */
function RefundDialog(props: DialogProps) {
  const trpc = useTRPC();
  const refund = useMutation(trpc.admin.returns.refund.mutationOptions());
  const currency = props.order?.currency;
  const received = props.entry.items.filter((item) => item.received_quantity > 0);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Refund return">
      <DialogForm
        onSubmit={() => refund.mutateAsync({ id: props.entry.id }).then(props.onClose, () => {})}
        submitLabel="Refund now"
        pending={refund.isPending}
        error={refund.error}
        placed={() => false}
      >
        <Text size="sm">
          The received units are refunded at their share of the order as placed, to{' '}
          {props.entry.refund_to === 'original' ? 'how the customer paid' : 'store credit'}
          {currency ? ` (quoted ${money(props.entry.quote.refund_total, currency)})` : ''}.
        </Text>
        <Table>
          <Table.Tbody>
            {received.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{lineName(props.order, item.order_item_id)}</Table.Td>
                <Table.Td>× {item.received_quantity}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </DialogForm>
    </Modal>
  );
}

/** The buttons a return's status allows, each opening its dialog. */
export function ReturnActions({ entry, order }: { entry: Return; order: Order | undefined }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const common = { entry, order, onClose: close };
  return (
    <Group>
      {entry.status === 'requested' ? (
        <>
          <Button onClick={() => setDialog('approve')}>Approve</Button>
          <Button color="red" variant="light" onClick={() => setDialog('reject')}>
            Reject
          </Button>
        </>
      ) : null}
      {entry.status === 'approved' ? (
        <Button onClick={() => setDialog('receive')}>Receive</Button>
      ) : null}
      {entry.status === 'received' ? (
        <Button onClick={() => setDialog('refund')}>Refund</Button>
      ) : null}
      <ApproveDialog {...common} opened={dialog === 'approve'} />
      <RejectDialog {...common} opened={dialog === 'reject'} />
      {/* Mounted when opened: its rows start from the return as it is then. */}
      {dialog === 'receive' ? <ReceiveDialog {...common} opened /> : null}
      <RefundDialog {...common} opened={dialog === 'refund'} />
    </Group>
  );
}
