import type { ComponentType } from 'react';
import type { MenuGroup } from '@shared';

/**
 * Every list screen behind the side menu. A screen is mounted at /Admin/{group}/{item}
 * only when the user's permissions include it. Part 2 (service management,
 * administration) registers its screens here with `registerScreen`.
 */
export interface ScreenEntry {
  group: MenuGroup;
  item: string;
  component: ComponentType;
}

const registry = new Map<string, ScreenEntry>();

export function registerScreen(entry: ScreenEntry): void {
  registry.set(`${entry.group}/${entry.item}`, entry);
}

export function registeredScreens(): ScreenEntry[] {
  return [...registry.values()];
}

/** Detail pages outside the menu (e.g. /Admin/Request/Details/:id), path relative to /Admin. */
export interface RouteEntry {
  path: string;
  component: ComponentType;
}

const extraRoutes: RouteEntry[] = [];

export function registerRoute(entry: RouteEntry): void {
  extraRoutes.push(entry);
}

export function registeredRoutes(): RouteEntry[] {
  return [...extraRoutes];
}
