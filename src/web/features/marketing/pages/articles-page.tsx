import { BookOpen } from 'lucide-react';

export default function ArticlesPage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <BookOpen aria-hidden className="size-12 text-brand-700" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Articles &amp; Resources Library</h1>
      <p className="mt-2 text-xl text-slate-600">Coming Soon</p>
    </div>
  );
}
