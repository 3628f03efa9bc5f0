import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

/** A search field applied on Enter or "Search" (not per keystroke: each is a server query). */
export function SearchBox(props: {
  label: string;
  placeholder?: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} aria-label={props.label}>
      <Group align="flex-end">
        <TextInput
          label={props.label}
          placeholder={props.placeholder}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={280}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </form>
  );
}
