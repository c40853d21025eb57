// Jest globalSetup: this project's test databases (tools/jest/test-database.js). A file
// of the project's own because Jest runs each globalSetup path once per run, with the
// first project that names it: in `npm test`'s one run of every project, a shared path
// would prepare only one project's databases.
module.exports = require('../../../tools/jest/test-database.js');
