import { ButtonLink } from '../components/ui/button';

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist.</p>
      <ButtonLink className="mt-6" href="/">
        Go Home
      </ButtonLink>
    </div>
  );
}
