// Daemon: owns and wires the components, shuts them down in stages.
#include "ingestd/daemon.h"
#include "ingestd/admin_server.h"
#include "ingestd/fallback_spool.h"
#include "ingestd/health_monitor.h"
#include "ingestd/idle_reaper.h"
#include "ingestd/io_util.h"
#include "ingestd/listener.h"
#include "ingestd/log_file.h"
#include "ingestd/metadata_publisher.h"
#include "ingestd/segment_replicator.h"
#include "ingestd/segmenter.h"
#include "ingestd/session_registry.h"
#include "ingestd/shutdown_stage.h"
#include "ingestd/stats.h"
#include "ingestd/storage_client.h"
#include "ingestd/thumbnailer.h"
#include "ingestd/uploader.h"

#include <cstdio>
#include <sys/stat.h>

namespace ingestd {

Daemon::Daemon(Config cfg)
    : cfg_(std::move(cfg)), log_(std::make_unique<LogFile>(cfg_.logPath)),
      stats_(std::make_shared<Stats>()) {}

Daemon::~Daemon() {
  stop(); // OK: returns at once when main() already stopped the daemon
  shutdown_.runAll(); // OK: runAll() forgets the steps it ran, stop() already ran them
  listener_.reset();
  reaper_.reset();
  admin_.reset();
  thumbnailer_.reset();
  replicator_.reset();
  publisher_.reset();
  uploader_.reset();
  segmenter_.reset(); // BUG: double-close #seg_dtor
  health_.reset();
  spool_.reset();
  registry_.reset();
  log_.reset(); // BUG: double-close #log_reopen
}

bool Daemon::start() {
  if (!cfg_.secretsPath.empty() && !auth_.load(cfg_.secretsPath)) {
    log_->warn("cannot load stream secrets from %s", cfg_.secretsPath.c_str());
    return false;
  }
  if (!cfg_.statsPath.empty() && !stats_->openFile(cfg_.statsPath))
    log_->warn("cannot open stats file %s", cfg_.statsPath.c_str());

  registry_ = std::make_shared<SessionRegistry>();
  spool_ = std::make_shared<FallbackSpool>(cfg_.spoolPath);
  if (!spool_->open()) {
    log_->warn("cannot open spool %s", cfg_.spoolPath.c_str());
    return false;
  }
  health_ = std::make_unique<HealthMonitor>(std::chrono::seconds(cfg_.healthIntervalSec), *log_);

  segmenter_ = std::make_unique<Segmenter>(cfg_.segmentDir, cfg_.maxSegmentBytes, spool_, *log_, *stats_);
  if (!segmenter_->start(shutdown_))
    return false;

  auto client = std::make_shared<StorageClient>(cfg_.storageEndpoint, cfg_.storageRetries);
  uploader_ = std::make_unique<Uploader>(cfg_.uploadThreads, cfg_.multipartThreshold, cfg_.partSize,
                                         cfg_.maxArchiveParts, client, spool_, *log_, *stats_);
  publisher_ = std::make_unique<MetadataPublisher>(cfg_.kafkaBrokers, cfg_.segmentTopic,
                                                   cfg_.healthTopic, *log_);

  Uploader *uploader = uploader_.get();
  segmenter_->onSegmentComplete([uploader](const SegmentInfo &info) { uploader->enqueue(info); });
  MetadataPublisher *publisher = publisher_.get();
  const std::string storedTopic = cfg_.segmentTopic + ".stored";
  uploader_->onStored([publisher, storedTopic](const UploadJob &job) {
    publisher->publish(storedTopic, "{\"object\":\"" + jsonEscape(job.objectKey) + "\"}"); // OK: the upload workers are joined in stage 4, the publisher closes in stage 5
  });
  uploader_->start(shutdown_, *health_);
  publisher_->start(*segmenter_, *health_);
  if (!cfg_.standbyPeer.empty()) {
    replicator_ = std::make_unique<SegmentReplicator>(cfg_.standbyPeer, *log_);
    replicator_->start(*segmenter_, *health_);
  }
  std::shared_ptr<Stats> stats = stats_;
  health_->addCheck("stats-file", [stats] {
    stats->appendSnapshot(); // OK: appendSnapshot() checks the file under the stats mutex
    return true;
  });
  health_->start();

  const std::string segmentDir = cfg_.segmentDir;
  thumbnailer_ = std::make_unique<Thumbnailer>(
      cfg_.encoderPath, cfg_.thumbTimeoutMs, *log_,
      [segmentDir, stats](const std::string &key, std::string jpeg) {
        if (io::writeFileAtomic(segmentDir + "/" + key + "/latest.jpg", jpeg))
          stats->thumbnails.fetch_add(1);
      });
  thumbnailer_->start(); // thumbnails are optional, the daemon runs without them

  admin_ = std::make_unique<AdminServer>(cfg_.adminPort, *log_);
  registerAdminCommands();
  if (!admin_->start(shutdown_))
    log_->warn("admin socket disabled");

  reaper_ = std::make_unique<IdleReaper>(registry_, std::chrono::seconds(cfg_.idleTimeoutSec), *log_,
                                         *stats_);
  reaper_->start();

  listener_ = std::make_unique<Listener>(cfg_.listenAddress, cfg_.listenPort, cfg_.handshakeTimeoutMs,
                                         registry_, thumbnailer_->queue(), auth_, *log_, *stats_);
  Segmenter *segmenter = segmenter_.get();
  const bool listening = listener_->start(
      [segmenter](const std::string &key, const Chunk &chunk) { segmenter->append(key, chunk); },
      [segmenter, uploader](const std::string &key) {
        segmenter->endStream(key);
        uploader->closeStream(key);
      });
  if (!listening)
    return false;
  started_ = true;
  log_->info("ingestd started");
  return true;
}

void Daemon::registerAdminCommands() {
  std::shared_ptr<Stats> stats = stats_;
  admin_->addCommand("stats", [stats](const std::string &) { return stats->toJson() + "\n"; });
  HealthMonitor *health = health_.get();
  admin_->addCommand("health", [health](const std::string &) { return health->summary(); });
  std::shared_ptr<SessionRegistry> registry = registry_;
  admin_->addCommand("sessions", [registry](const std::string &) { return registry->describe(); });
  Segmenter *segmenter = segmenter_.get();
  admin_->addCommand("compact", [segmenter](const std::string &) {
    const bool done = segmenter->compactIndex([](const std::string &line) {
      if (line.empty() || line[0] == '#')
        return false;
      const std::string path = line.substr(0, line.find(','));
      struct stat st {};
      return ::stat(path.c_str(), &st) == 0;
    });
    return std::string(done ? "compacted\n" : "ERR compaction failed\n");
  });
  if (SegmentReplicator *replicator = replicator_.get()) {
    admin_->addCommand("resync", [replicator](const std::string &) {
      replicator->resync();
      return std::string("resync sent\n");
    });
  }
}

void Daemon::drainSessions() {
  if (!registry_)
    return;
  log_->info("draining %zu encoder sessions", registry_->size());
  registry_->closeAll(); // shuts every encoder socket down and joins its reader
  registry_->broadcast("ingest stopped, reconnect to another node"); // BUG: use-after-close #broadcast_closed
}

void Daemon::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  runShutdownStage(*log_, "stop accepting", [this] {
    if (listener_)
      listener_->stop();
    if (reaper_)
      reaper_->stop();
    if (thumbnailer_)
      thumbnailer_->stop();
    if (admin_)
      admin_->stop();
  });
  runShutdownStage(*log_, "drain sessions", [this] { drainSessions(); });
  runShutdownStage(*log_, "flush segmenter", [this] {
    if (segmenter_)
      segmenter_->flush();
  });
  runShutdownStage(*log_, "stop uploader", [this] {
    if (uploader_)
      uploader_->stop();
  });
  runShutdownStage(*log_, "stop replicator", [this] {
    if (replicator_)
      replicator_->stop();
  });
  runShutdownStage(*log_, "close producer", [this] {
    if (health_)
      health_->stop();
    if (publisher_)
      publisher_->close();
  });
  runShutdownStage(*log_, "component shutdown steps", [this] { shutdown_.runAll(); });
  stats_->closeFile();
  log_->info("shutdown complete");
}

void Daemon::reload(const Config &fresh) {
  if (!log_->reopen())
    std::fprintf(stderr, "ingestd: cannot reopen log %s\n", cfg_.logPath.c_str());
  log_->info("reloading configuration");
  if (publisher_ && fresh.kafkaBrokers != cfg_.kafkaBrokers) {
    publisher_->reconnect(fresh.kafkaBrokers);
    cfg_.kafkaBrokers = fresh.kafkaBrokers;
  }
  if (!fresh.secretsPath.empty() && !auth_.load(fresh.secretsPath))
    log_->warn("cannot reload stream secrets from %s", fresh.secretsPath.c_str());
  if (replicator_)
    replicator_->resync();
}

void Daemon::publishFinalStats() {
  const std::string body = stats_->toJson(); // OK: counters only, the closed stats file is not touched
  publisher_->publish(cfg_.statsTopic, body); // SAME: final_stats
}

} // namespace ingestd
