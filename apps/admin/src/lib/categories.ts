import type { Outputs } from './api-types';

export type CategoryNode = Outputs['categories']['tree']['data'][number];

export interface FlatCategory {
  id: number;
  name: string;
  parent_id: number | null;
  depth: number;
  /** "Clothing › Shirts" */
  path: string;
  node: CategoryNode;
}

/** The tree in display order, each category with its depth and path (pickers, the tree page). */
export function flattenTree(
  nodes: readonly CategoryNode[],
  parent?: { id: number; depth: number; path: string },
): FlatCategory[] {
  return nodes.flatMap((node) => {
    const depth = parent ? parent.depth + 1 : 0;
    const path = parent ? `${parent.path} › ${node.name}` : node.name;
    return [
      { id: node.id, name: node.name, parent_id: parent?.id ?? null, depth, path, node },
      ...flattenTree(node.children, { id: node.id, depth, path }),
    ];
  });
}

/** The category and everything under it: none of them can become its parent. */
export function subtreeIds(node: CategoryNode): Set<number> {
  return new Set([node.id, ...node.children.flatMap((child) => [...subtreeIds(child)])]);
}
