/** Column types shared by the table types: timestamps are ISO 8601 strings, booleans 0/1 integers. */
export type Timestamp = string;
export type Flag = 0 | 1;
