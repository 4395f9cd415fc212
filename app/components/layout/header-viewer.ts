/** The signed-in person as the header and its avatar menu show them. */
export interface HeaderViewer {
  email: string;
  name: string;
  isAdmin: boolean;
}
