// Placeholder registered by the foundation so the route table is complete; its feature issue replaces it.
export default function Page() {
  return <section className="container-page py-16" />;
}
