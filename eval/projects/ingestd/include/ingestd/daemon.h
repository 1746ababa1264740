// The ingest daemon: owns every component, wires the callbacks between them
// and shuts them down in stages:
//   1. stop accepting (listener, reaper, thumbnailer, admin socket)
//   2. drain the encoder sessions
//   3. flush the segmenter
//   4. stop the uploader and the replicator
//   5. stop the health monitor and close the producer, then run the
//      components' own shutdown steps.
// stop() is idempotent; the destructor calls it.
#pragma once
#include "ingestd/config.h"
#include "ingestd/shutdown_list.h"
#include "ingestd/stream_authorizer.h"

#include <memory>

namespace ingestd {

class AdminServer;
class FallbackSpool;
class HealthMonitor;
class IdleReaper;
class Listener;
class LogFile;
class MetadataPublisher;
class SegmentReplicator;
class Segmenter;
class SessionRegistry;
class Stats;
class Thumbnailer;
class Uploader;

class Daemon {
public:
  explicit Daemon(Config cfg);
  ~Daemon();
  Daemon(const Daemon &) = delete;
  Daemon &operator=(const Daemon &) = delete;

  bool start();
  void stop();
  void reload(const Config &fresh);
  void publishFinalStats();

private:
  void drainSessions();
  void registerAdminCommands();

  Config cfg_;
  std::unique_ptr<LogFile> log_;
  std::shared_ptr<Stats> stats_;
  StreamAuthorizer auth_;
  std::shared_ptr<SessionRegistry> registry_;
  std::shared_ptr<FallbackSpool> spool_;
  std::unique_ptr<HealthMonitor> health_;
  std::unique_ptr<Segmenter> segmenter_;
  std::unique_ptr<Uploader> uploader_;
  std::unique_ptr<MetadataPublisher> publisher_;
  std::unique_ptr<SegmentReplicator> replicator_;
  std::unique_ptr<Thumbnailer> thumbnailer_;
  std::unique_ptr<AdminServer> admin_;
  std::unique_ptr<IdleReaper> reaper_;
  std::unique_ptr<Listener> listener_;
  ShutdownList shutdown_;
  bool started_ = false;
  bool stopped_ = false;
};

} // namespace ingestd
