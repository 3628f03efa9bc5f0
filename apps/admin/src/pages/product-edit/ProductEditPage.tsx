import { Anchor, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { EditProduct } from './EditProduct';
import { NewProduct } from './NewProduct';

/** `/products/new` creates a product, `/products/:id` edits one. */
export function ProductEditPage() {
  const { id } = useParams();
  return (
    <Stack>
      <Anchor component={Link} to="/products" size="sm">
        ← Products
      </Anchor>
      {id === undefined ? <NewProduct /> : <EditProduct id={Number(id)} />}
    </Stack>
  );
}
