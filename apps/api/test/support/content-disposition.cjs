// Jest's module registry cannot require() ES modules (Node's own require(esm) is not
// what it runs), and @fastify/static 10 (which serves Swagger UI's files) requires
// content-disposition 3, which is one. It calls `create` only for reply.download(),
// which the API never uses. Outside Jest the real module loads.
module.exports = {
  create: () => {
    throw new Error('content-disposition is not loaded under Jest');
  },
};
