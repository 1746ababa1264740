// JSON and plain-text renderings of the server status.
#include "server_stats.h"

#include <sstream>

namespace tilesrv {

std::string describe(const CacheStats &s) {
  std::ostringstream out;
  out << "hits=" << s.hits << " misses=" << s.misses << " stores=" << s.stores << " rotations=" << s.rotations
      << " compactions=" << s.compactions << " live=" << s.liveTiles << " dead=" << s.deadRecords
      << " segment=" << s.segment;
  return out.str();
}

std::string toJson(const StatusSnapshot &s) {
  std::ostringstream out;
  out << "{\"sessions\":" << s.sessions << ",\"accepted\":" << s.server.accepted << ",\"rejected\":"
      << s.server.rejected << ",\"requests\":" << s.server.requests << ",\"renders\":" << s.server.renders
      << ",\"render_failures\":" << s.server.renderFailures << ",\"render_backlog\":" << s.renderBacklog
      << ",\"evicted_idle\":" << s.server.evictedIdle << ",\"purged\":" << s.server.purged
      << ",\"cache\":{\"hits\":" << s.cache.hits << ",\"misses\":" << s.cache.misses << ",\"live\":"
      << s.cache.liveTiles << ",\"segment\":" << s.cache.segment << "}"
      << ",\"origin_links\":" << s.originLinks << ",\"origin_healthy\":" << (s.originHealthy ? "true" : "false")
      << ",\"metrics_dropped\":" << s.metricsDropped << ",\"generation\":" << s.generation << "}";
  return out.str();
}

std::string toText(const StatusSnapshot &s) {
  std::ostringstream out;
  out << "sessions       " << s.sessions << "\n"
      << "accepted       " << s.server.accepted << " (rejected " << s.server.rejected << ")\n"
      << "requests       " << s.server.requests << "\n"
      << "renders        " << s.server.renders << " (failed " << s.server.renderFailures << ", backlog "
      << s.renderBacklog << ")\n"
      << "cache          " << describe(s.cache) << "\n"
      << "origin         " << (s.originHealthy ? "healthy" : "UNHEALTHY") << ", " << s.originLinks
      << " links\n"
      << "reloads        " << s.server.reloads << " (generation " << s.generation << ")\n";
  return out.str();
}

} // namespace tilesrv
