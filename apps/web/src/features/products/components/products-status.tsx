import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { msg } from '@toque/contracts/messages';
import type { Product } from '@toque/contracts/products';

interface ProductsStatusProps {
  query: UseQueryResult<Product[]>;
  /** The list, once loaded and not empty. */
  children: (products: Product[]) => ReactNode;
}

/** DASH-06: 'Carregando...', 'Erro: {message}', 'Você não possui toques adquiridos.', or the list. */
export function ProductsStatus({ query, children }: ProductsStatusProps) {
  if (query.isPending) {
    return (
      <p role="status" className="py-6 text-slate-700">
        {msg.tagsLoading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
        {`Erro: ${query.error.message}`}
      </p>
    );
  }
  if (query.data.length === 0) return <p className="py-6 text-slate-700">{msg.tagsEmpty}</p>;
  return children(query.data);
}
