/** Build-time constant of the loader (scripts/build-widget.ts): the flow's files, entry first, with their SRI. */
declare const __FLOW_FILES__: { file: string; integrity: string }[];
