import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { cn } from '../../lib/utils';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-brand-700 text-white hover:bg-brand-800',
        accent: 'bg-accent-500 text-slate-900 hover:bg-accent-400',
        outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
        ghost: 'text-slate-700 hover:bg-slate-100',
        destructive: 'bg-red-700 text-white hover:bg-red-800',
        link: 'text-brand-700 underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-12 px-6 text-base',
        icon: 'h-10 w-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;
export type ButtonProps = ComponentProps<'button'> &
  ButtonVariants & {
    /**
     * Busy with what it started: refuses clicks (and the Enter that submits its form) like `disabled`,
     * but keeps focus. A focused button that turns `disabled` drops focus to the page.
     */
    pending?: boolean;
  };

export function Button({ className, variant, size, pending = false, onClick, ...props }: ButtonProps) {
  return (
    <button
      className={cn(buttonVariants({ variant, size, className }), pending && 'cursor-wait opacity-50')}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    />
  );
}

/** An in-app link that looks like a button (a link, because it navigates). */
export function ButtonLink({
  className,
  variant,
  size,
  ...props
}: {
  href: string;
  id?: string;
  className?: string;
  children?: React.ReactNode;
  onClick?: () => void;
  'aria-label'?: string;
} & ButtonVariants) {
  return <Link className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}

/** Button looks for a plain `<a>` (an external page or a server route such as the sign-in redirect). */
export const buttonClass = ({ variant, size, className }: ButtonVariants & { className?: string } = {}) =>
  cn(buttonVariants({ variant, size, className }));
