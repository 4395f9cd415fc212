// Placeholder registered by the foundation so the route table is complete; its feature issue replaces it.
export async function loader() {
  return new Response("Not Found", { status: 404 });
}
