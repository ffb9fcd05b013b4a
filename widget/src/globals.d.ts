/** Build-time constant of the loader (scripts/build-widget.ts): the flow's files, entry first, with their SRI. */
declare const __FLOW_FILES__: { file: string; integrity: string }[];

/** Build-time constant of the script tag (scripts/build-widget.ts): the loader's file and its SRI. */
declare const __LOADER_SCRIPT__: { file: string; integrity: string };
