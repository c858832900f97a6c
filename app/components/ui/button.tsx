import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { cn } from '~/lib/cn';

// `ui-button` dims a button that cannot be pressed now (app.css).
const base =
  'ui-button inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 [&_svg]:size-5 [&_svg]:shrink-0';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  emergency: 'bg-emergency-700 text-white hover:bg-emergency-800',
  outline: 'border-2 border-brand-700 text-brand-800 bg-white hover:bg-brand-50',
  light: 'bg-white text-brand-900 hover:bg-brand-50',
  ghostLight: 'border-2 border-white/80 text-white hover:bg-white/10',
  ghost: 'text-brand-800 hover:bg-brand-50',
} as const;

const sizes = {
  sm: 'h-10 px-4 text-sm',
  md: 'h-12 px-5 text-base',
  lg: 'h-14 px-7 text-lg',
} as const;

export type ButtonVariant = keyof typeof variants;

/** The button look, for elements that are not <button> (links). */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: keyof typeof sizes = 'md',
  extra?: string,
) {
  return cn(base, variants[variant], sizes[size], extra);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  /**
   * Give the single child element (a Link or <a>) the button's look instead of rendering a
   * <button>. A small cloneElement instead of Radix Slot keeps every page's JavaScript smaller.
   */
  asChild?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild,
  className,
  children,
  ...props
}: ButtonProps) {
  const classes = buttonClasses(variant, size, className);
  if (asChild && isValidElement(children)) {
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, { className: cn(classes, child.props.className) });
  }
  return (
    <button className={classes} {...props}>
      {children}
    </button>
  );
}
