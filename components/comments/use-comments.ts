'use client';

import { useEffect, useReducer } from 'react';
import { messageOf } from '@/lib/api-client';
import type { CommentDto, CommentPage } from '@/lib/comments/types';
import { addComment, appendPage, dropComment, replaceComment } from './comment-list';
import { fetchComments } from './comment-requests';

const LOAD_FAILED = 'Could not load the comments. Please try again.';

type State = {
  items: CommentDto[];
  cursor: string | null;
  /** Whether the first page arrived. */
  loaded: boolean;
  loading: boolean;
  error: string | null;
};

type Action =
  | { type: 'loading' }
  | { type: 'page'; page: CommentPage; append: boolean }
  | { type: 'failed'; message: string }
  | { type: 'added' | 'edited'; comment: CommentDto }
  | { type: 'deleted'; id: string; kept: boolean };

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'loading':
      return { ...state, loading: true, error: null };
    case 'page': {
      const items = action.append ? appendPage(state.items, action.page.items) : action.page.items;
      return { items, cursor: action.page.nextCursor, loaded: true, loading: false, error: null };
    }
    case 'failed':
      return { ...state, loading: false, error: action.message };
    case 'added':
      return { ...state, items: addComment(state.items, action.comment) };
    case 'edited':
      return { ...state, items: replaceComment(state.items, action.comment) };
    case 'deleted':
      return { ...state, items: dropComment(state.items, action.id, action.kept) };
  }
}

type PageRequest = { envolvementId: string; postId: string; after: string | null; signal?: AbortSignal };

async function fetchInto(dispatch: (action: Action) => void, { envolvementId, postId, after, signal }: PageRequest) {
  try {
    const page = await fetchComments(envolvementId, postId, after, signal);
    dispatch({ type: 'page', page, append: after !== null });
  } catch (failure) {
    if (!signal?.aborted) dispatch({ type: 'failed', message: messageOf(failure, LOAD_FAILED) });
  }
}

const INITIAL: State = { items: [], cursor: null, loaded: false, loading: true, error: null };

/** An update's comments: the first page on mount, the next on request, and what the viewer writes. */
export function useComments(envolvementId: string, postId: string) {
  const [state, dispatch] = useReducer(reduce, INITIAL);

  useEffect(() => {
    const controller = new AbortController();
    void fetchInto(dispatch, { envolvementId, postId, after: null, signal: controller.signal });
    return () => controller.abort();
  }, [envolvementId, postId]);

  return {
    ...state,
    more: state.cursor !== null,
    /** The next page; before the first arrived (it failed), the first again. */
    loadMore: () => {
      dispatch({ type: 'loading' });
      return fetchInto(dispatch, { envolvementId, postId, after: state.loaded ? state.cursor : null });
    },
    added: (comment: CommentDto) => dispatch({ type: 'added', comment }),
    edited: (comment: CommentDto) => dispatch({ type: 'edited', comment }),
    deleted: (id: string, kept: boolean) => dispatch({ type: 'deleted', id, kept }),
  };
}

export type CommentsState = ReturnType<typeof useComments>;
