import {
  CellStyleModule,
  ClientSideRowModelModule,
  ModuleRegistry,
  PaginationModule,
  QuickFilterModule,
  RowApiModule,
  RenderApiModule,
  TooltipModule,
} from 'ag-grid-community';

// Only what the shared table uses, not AllCommunityModule: the bundle stays small.
let registered = false;
export function registerGridModules(): void {
  if (registered) return;
  registered = true;
  ModuleRegistry.registerModules([
    ClientSideRowModelModule,
    PaginationModule,
    QuickFilterModule,
    RowApiModule,
    RenderApiModule,
    CellStyleModule,
    TooltipModule,
  ]);
}
