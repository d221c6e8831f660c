import { formatDay } from '@/lib/domain/dates';
import { UpdateComments } from '@/components/comments/lazy-update-comments';
import { Avatar } from '@/components/layout/avatar';
import type { ActivityPostDto } from '@/lib/envolvements/types';

/** Where the updates take comments: an envolvement that allows them, read by someone who may. */
export type ActivityComments = {
  envolvementId: string;
  /** The creator: their posts are the updates that take comments. */
  creatorId: string;
  /** A removed envolvement: its comments are read, not added to. */
  readOnly: boolean;
};

type ActivityListProps = {
  posts: ActivityPostDto[];
  isCreator: boolean;
  /** Null where comments are off. */
  comments?: ActivityComments | null;
};

export function ActivityList({ posts, isCreator, comments = null }: ActivityListProps) {
  if (!posts.length) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <p className="font-semibold text-ink">No Updates Yet</p>
        <p className="mt-1 text-sm text-slate-600">
          {isCreator
            ? 'Be the first to post an update about this envolvement.'
            : 'No updates have been posted yet for this envolvement.'}
        </p>
      </div>
    );
  }
  return (
    <ol className="space-y-4">
      {posts.map((post) => (
        <li
          key={post._id}
          id={`update-${post._id}`}
          className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4"
          data-testid="activity-post"
        >
          <div className="flex items-center gap-3">
            <Avatar name={post.username} picture={post.userPicture} size={36} />
            <div>
              <p className="text-sm font-semibold text-ink">{post.username}</p>
              <p className="text-xs text-slate-500">{formatDay(post.datePublished)}</p>
            </div>
          </div>
          <h3 className="mt-3 font-semibold text-ink">{post.title}</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{post.description}</p>
          {post.imgUrl && (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={post.imgUrl} alt="" className="mt-3 max-h-80 rounded-lg object-cover" />
          )}
          {comments && post.userID === comments.creatorId && (
            <UpdateComments
              envolvementId={comments.envolvementId}
              postId={post._id}
              title={post.title}
              readOnly={comments.readOnly}
            />
          )}
        </li>
      ))}
    </ol>
  );
}
