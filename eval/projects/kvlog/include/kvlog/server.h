// The kvlog daemon: owns every component, starts them in dependency order and
// shuts them down step by step. shutdown() is idempotent; the destructor calls it.
#pragma once
#include "kvlog/admin_socket.h"
#include "kvlog/cdc_publisher.h"
#include "kvlog/client_listener.h"
#include "kvlog/compactor.h"
#include "kvlog/config.h"
#include "kvlog/heartbeat_timer.h"
#include "kvlog/memtable.h"
#include "kvlog/memtable_flusher.h"
#include "kvlog/metrics.h"
#include "kvlog/metrics_dumper.h"
#include "kvlog/replication_leader.h"
#include "kvlog/snapshot_exporter.h"
#include "kvlog/table_cache.h"
#include "kvlog/wal_writer.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

namespace kvlog {

class Server {
public:
  explicit Server(Config cfg);
  ~Server();
  Server(const Server &) = delete;
  Server &operator=(const Server &) = delete;

  void setQuitHandler(std::function<void()> onQuit) { onQuit_ = std::move(onQuit); }
  bool start();
  void shutdown();

private:
  std::string handleRequest(const std::string &line);
  std::string lookup(const std::string &key);
  std::string adminCommand(const std::string &command, int clientFd);
  void onWalAppend(const WalRecord &rec, const std::string &frame);
  void onTableFlushed(const std::string &path);
  void maybeFreezeMemtable();
  void persistLastSeq();
  std::vector<std::string> existingTables() const;

  Config cfg_;
  Metrics metrics_;
  TableCache tableCache_;
  std::function<void()> onQuit_;
  std::mutex tableMu_;
  std::shared_ptr<MemTable> memtable_;
  std::shared_ptr<const MemTable> frozen_;
  std::atomic<std::uint64_t> nextSeq_{1};
  std::unique_ptr<WalWriter> wal_;
  std::unique_ptr<MemTableFlusher> flusher_;
  std::unique_ptr<Compactor> compactor_;
  std::unique_ptr<ReplicationLeader> leader_;
  std::unique_ptr<CdcPublisher> cdc_;
  std::unique_ptr<HeartbeatTimer> maintenance_;
  std::unique_ptr<SnapshotExporter> snapshots_;
  std::unique_ptr<MetricsDumper> metricsDumper_;
  std::unique_ptr<AdminSocket> admin_;
  std::unique_ptr<ClientListener> listener_;
  std::mutex stopMu_;
  bool shutDown_ = false;
};

} // namespace kvlog
