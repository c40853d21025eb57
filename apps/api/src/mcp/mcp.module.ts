import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { InProcessBackends } from './in-process.backend';
import { McpController } from './mcp.controller';

/** POST /mcp: the MCP tools on this API's own job services (no HTTP calls to itself). */
@Module({
  imports: [JobsModule],
  controllers: [McpController],
  providers: [InProcessBackends],
})
export class McpModule {}
