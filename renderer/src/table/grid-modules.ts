import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnAutoSizeModule,
  ModuleRegistry,
  PaginationModule,
  QuickFilterModule,
  RowApiModule,
  RenderApiModule,
  RowAutoHeightModule,
  RowStyleModule,
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
    // autoSizeStrategy: the columns never cut, as wide as their cells as drawn.
    ColumnAutoSizeModule,
    // rowClassRules: the fading highlight of rows that just arrived on a live list.
    RowStyleModule,
    // autoHeight: a row as tall as the two lines of a wrapping column.
    RowAutoHeightModule,
    TooltipModule,
  ]);
}
