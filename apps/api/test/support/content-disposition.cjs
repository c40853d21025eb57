// Jest on Node 20 cannot require() ES modules, and @fastify/static 10 (which serves
// Swagger UI's files) requires content-disposition 3, which is one. It calls `create`
// only for reply.download(), which the API never uses. Outside Jest (Node >= 20.19)
// the real module loads.
module.exports = {
  create: () => {
    throw new Error('content-disposition is not loaded under Jest');
  },
};
