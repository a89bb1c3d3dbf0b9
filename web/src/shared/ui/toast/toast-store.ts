import { useSyncExternalStore } from "react";

/** Toasts as docs/product.md section 9 has them: one at a time, shown 5000 ms, default or destructive. */
export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface Toast extends Required<Omit<ToastInput, "description">> {
  id: number;
  description?: string;
}

export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;

let current: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  listeners.forEach((listener) => listener());
}

export function dismissToast(id?: number): void {
  const removed = id === undefined ? current : current.filter((toast) => toast.id === id);
  removed.forEach((toast) => {
    clearTimeout(timers.get(toast.id));
    timers.delete(toast.id);
  });
  current = id === undefined ? [] : current.filter((toast) => toast.id !== id);
  emit();
}

/** Shows a toast, replacing the one on screen. Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  current.forEach((old) => clearTimeout(timers.get(old.id)));
  current = [{ id, title: input.title, description: input.description, variant: input.variant ?? "default" }, ...current].slice(0, TOAST_LIMIT);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
  );
  emit();
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
